import { readFileSync } from 'node:fs';
import path from 'node:path';
import { computeTransaction } from '@arb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser } from './support/users.ts';

const migrations = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * Migration 0012: imported orders with a fee stored a profit that ignored it (found in issue 19's
 * work). The migration recomputes them with the shared rule; nothing else changes.
 */
describe('migration 0012: imported orders with a fee get the profit the shared rule gives', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('recomputes imported rows with a fee, and leaves typed rows and fee-less imports alone', async () => {
    const u = await createUser(t);
    const insert = (row: Record<string, string | number>) =>
      t.database.pool.query<{ id: string }>(
        `insert into transactions (ledger_id, fecha, venta, tasa_venta, compra, tasa_compra, bs_recibidos, bs_pagados,
           ganancia_ves, ganancia_usd, comision_usd, origen, referencia, created_by)
         values ($1, '2026-11-20', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
        [
          u.ledgerId,
          row.venta,
          row.tasa_venta,
          row.compra,
          row.tasa_compra,
          row.bs_recibidos,
          row.bs_pagados,
          row.ganancia_ves,
          row.ganancia_usd,
          row.comision_usd,
          row.origen,
          row.referencia ?? null,
          u.id,
        ],
      );
    // As the old import stored them: the profit without the fee.
    const sale = {
      venta: '100.00',
      tasa_venta: '320.0000',
      compra: '0',
      tasa_compra: '0',
      bs_recibidos: '32000',
      bs_pagados: '0',
      ganancia_ves: '32000.00',
      ganancia_usd: '100.00',
      comision_usd: '1.50000000',
      origen: 'binance_p2p',
      referencia: '22812345678901234567',
    };
    const purchase = {
      venta: '0',
      tasa_venta: '0',
      compra: '50.00',
      tasa_compra: '310.1234',
      bs_recibidos: '0',
      bs_pagados: '15506.17',
      ganancia_ves: '-15506.17',
      ganancia_usd: '-50.00',
      comision_usd: '0.05',
      origen: 'binance_p2p',
      referencia: '22812345678901234568',
    };
    const noFee = { ...sale, comision_usd: '0', referencia: '22812345678901234569' };
    // A typed row was always stored right; its figures must not move (here deliberately odd).
    const typed = { ...sale, ganancia_ves: '123.45', origen: 'manual', referencia: '' };
    const ids = [];
    for (const row of [sale, purchase, noFee, typed]) ids.push((await insert(row)).rows[0]!.id);

    const sql = readFileSync(path.join(migrations, '0012_imported-fee-profit.sql'), 'utf8');
    await t.database.pool.query(sql);

    const { rows } = await t.database.pool.query<{ id: string; ganancia_ves: string; ganancia_usd: string }>(
      `select id, ganancia_ves::text, ganancia_usd::text from transactions where id = any($1)`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const figures = (id: string) => ({ ves: Number(byId.get(id)!.ganancia_ves), usd: Number(byId.get(id)!.ganancia_usd) });
    // sale: 32,000 − 1.5 × 320 = 31,520.00 Bs; 100 − 1.5 = 98.50 USD
    expect(figures(ids[0]!)).toEqual({ ves: 31520, usd: 98.5 });
    // purchase: −15,506.17 − 0.05 × 310.1234 = −15,521.676… → −15,521.68 Bs; −50 − 0.05 = −50.05 USD
    expect(figures(ids[1]!)).toEqual({ ves: -15521.68, usd: -50.05 });
    expect(figures(ids[2]!)).toEqual({ ves: 32000, usd: 100 });
    expect(figures(ids[3]!)).toEqual({ ves: 123.45, usd: 100 });
    // The one rule, in shared, agrees with the migration digit for digit.
    for (const [i, row] of [sale, purchase].entries()) {
      const shared = computeTransaction(row);
      expect(byId.get(ids[i]!)).toMatchObject({ ganancia_ves: shared.ganancia_ves, ganancia_usd: shared.ganancia_usd });
    }
    // The day's totals followed through their trigger: 31,520 − 15,521.68 + 32,000 + 123.45
    const totals = await t.database.pool.query<{ g: string }>(
      `select ganancia_ves::text as g from ledger_day_totals where ledger_id = $1 and fecha = '2026-11-20'`,
      [u.ledgerId],
    );
    expect(Number(totals.rows[0]!.g)).toBe(48121.77);
  });

  it('every migration after 0011 is dated after all earlier ones (the migrator skips an older date)', () => {
    const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; when: number; tag: string }>;
    };
    // drizzle applies a migration only when its `when` is later than the last applied one's. 0011
    // carries an earlier date than 0009; both were first applied together, and re-dating 0011 now
    // would run it again on databases that have it, so it stays and later ones must be later.
    const after = journal.entries.filter((e) => e.idx > 11);
    expect(after.length).toBeGreaterThan(0);
    for (const e of after) {
      const earlier = journal.entries.filter((x) => x.idx < e.idx);
      expect(e.when, e.tag).toBeGreaterThan(Math.max(...earlier.map((x) => x.when)));
    }
  });
});
