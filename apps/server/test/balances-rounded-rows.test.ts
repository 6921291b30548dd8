import { readFileSync } from 'node:fs';
import path from 'node:path';
import { computeTransaction, messages } from '@arb/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase, verify } from './support/transactions.ts';
import { createUser, type TestUser } from './support/users.ts';

const DAY = '2026-11-20';
const migrations = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * Issue 36: the day's available Bs was a céntimo off its own rows. 1,000,000 + 223,074.68 −
 * 203,143.51 = 1,019,931.17, but the tile and the Excel said 1,019,931.18: the purchase 150 @
 * 313.4567 = 47,018.505 was shown as 47,018.51 while the balance summed the unrounded product.
 * Rows are now stored at céntimos and every balance sums them (docs/decisions/0034).
 */
describe("issue 36's day: the balance is its base plus its rows as shown", () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t);
    await setBase(t, u, u.ledgerId, DAY, '1000000.00', '5000.00');
    const rows = [
      { venta: '600.00', tasa_venta: '318.5000' }, // 191,100.00 received
      { venta: '100.00', tasa_venta: '319.7468' }, // 31,974.68 received
      { compra: '150.00', tasa_compra: '313.4567' }, // 47,018.505 → 47,018.51 paid
      { compra: '500.00', tasa_compra: '312.2500' }, // 156,125.00 paid
    ];
    for (const row of rows) {
      const tx = await addTransaction(t, u, u.ledgerId, DAY, row);
      await verify(t, u, tx.id);
    }
  });
  afterAll(async () => t.close());

  it('stores each row at céntimos, so the tile says 1.019.931,17', async () => {
    const stored = await t.database.pool.query<{ bs_pagados: string }>(
      `select bs_pagados::text from transactions where ledger_id = $1 and compra = 150`,
      [u.ledgerId],
    );
    expect(stored.rows[0]!.bs_pagados).toBe('47018.51');
    const res = await t.request({ method: 'GET', url: `/api/transactions/balances?ledgerId=${u.ledgerId}&fecha=${DAY}`, token: u.token });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json() as {
      transacciones_con_acumulados: Array<{ bs_recibidos: number; bs_pagados: number }>;
      resumen: { saldo_disponible_ves: { valor: number } };
      saldos_actuales: { saldo_ves_actual: number };
    };
    expect(b.transacciones_con_acumulados.map((r) => [r.bs_recibidos, r.bs_pagados])).toEqual([
      [191100, 0],
      [31974.68, 0],
      [0, 47018.51],
      [0, 156125],
    ]);
    // 1,000,000 + (191,100.00 + 31,974.68) − (47,018.51 + 156,125.00) = 1,019,931.17
    expect(b.resumen.saldo_disponible_ves.valor).toBe(1019931.17);
    expect(b.saldos_actuales.saldo_ves_actual).toBe(1019931.17);
  });

  it("the next day inherits 1.019.931,17 and the history's balance says the same", async () => {
    const next = await t.request({ method: 'GET', url: `/api/daily-balances?ledgerId=${u.ledgerId}&fecha=2026-11-21`, token: u.token });
    expect(next.statusCode, next.body).toBe(200);
    expect(JSON.stringify(next.json())).toContain('1019931.17');
    const h = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${u.ledgerId}&hasta=${DAY}`,
      token: u.token,
    });
    expect((h.json() as { resumen_total: { saldo_ves: number } }).resumen_total.saldo_ves).toBe(1019931.17);
  });

  it('a row deleted before migration 0014 comes back from its snapshot at céntimos', async () => {
    const tx = await addTransaction(t, u, u.ledgerId, '2026-11-22', { compra: '150.00', tasa_compra: '313.4567' });
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: u.token })).statusCode).toBe(204);
    // The deletion's snapshot as the old rule wrote it: the exact product.
    const { rows } = await t.database.pool.query<{ id: string }>(
      `update activity set before = jsonb_set(before, '{bs_pagados}', '"47018.505"')
       where ledger_id = $1 and action = 'TRANSACTION_DELETED' returning id::text`,
      [u.ledgerId],
    );
    expect(rows).toHaveLength(1);
    const res = await t.request({ method: 'POST', url: `/api/ledgers/${u.ledgerId}/activity/${rows[0]!.id}/restore`, token: u.token });
    expect(res.statusCode, res.body).toBe(200);
    const back = await t.database.pool.query<{ bs_pagados: string; ganancia_ves: string }>(
      `select bs_pagados::text, ganancia_ves::text from transactions where id = $1`,
      [tx.id],
    );
    expect(back.rows[0]).toEqual({ bs_pagados: '47018.51', ganancia_ves: '-47018.51' });
  });

  it("the day's Excel shows the same rows, totals and Saldo disponible", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/export-daily?ledgerId=${u.ledgerId}&fecha=${DAY}`,
      token: u.token,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const byLabel = new Map<string, unknown[]>();
    ws.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (typeof values[0] === 'string') byLabel.set(values[0], values);
    });
    // columns E (Bs recibidos) and H (Bs pagados) of the totals row
    expect(byLabel.get(messages.xlsTotals)?.[4]).toBe(223074.68);
    expect(byLabel.get(messages.xlsTotals)?.[7]).toBe(203143.51);
    expect(byLabel.get(messages.xlsSaldoVes)?.[1]).toBe(1019931.17);
    expect(byLabel.get(messages.xlsSaldoVesVerified)?.[1]).toBe(1019931.17);
    expect(ws.getRow(10).getCell(8).value).toBe(47018.51);
  });
});

/**
 * Migration 0014: rows written before it hold the exact products. It rounds them as the shared rule
 * does, takes ganancia_ves from the rounded sides, rebuilds every day's sums (verified ones too)
 * and moves the ledger's revision, so no cached day answer keeps the old figures.
 */
describe('migration 0014: stored rows at céntimos, day totals rebuilt from them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("rounds old rows, rebuilds the day's sums and moves the revision", async () => {
    const u = await createUser(t);
    const insert = (row: Record<string, string | boolean>, fecha = DAY) =>
      t.database.pool.query<{ id: string }>(
        `insert into transactions (ledger_id, fecha, venta, tasa_venta, compra, tasa_compra, bs_recibidos, bs_pagados,
           ganancia_ves, ganancia_usd, comision_usd, esta_verificada, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
        [
          u.ledgerId,
          fecha,
          row.venta,
          row.tasa_venta,
          row.compra,
          row.tasa_compra,
          row.bs_recibidos,
          row.bs_pagados,
          row.ganancia_ves,
          row.ganancia_usd,
          row.comision_usd ?? '0',
          row.esta_verificada ?? false,
          u.id,
        ],
      );
    // As the old rule stored them: exact products, ganancia_ves from the exact difference.
    const purchase = {
      venta: '0',
      tasa_venta: '0',
      compra: '150.00',
      tasa_compra: '313.4567',
      bs_recibidos: '0',
      bs_pagados: '47018.505',
      ganancia_ves: '-47018.51',
      ganancia_usd: '-150.00',
      esta_verificada: true,
    };
    // 123.45 × 39.8765 = 4922.753925; 120 × 39.1234 = 4694.808; old ves round(227.945925) = 227.95
    const paired = {
      venta: '123.45',
      tasa_venta: '39.8765',
      compra: '120.00',
      tasa_compra: '39.1234',
      bs_recibidos: '4922.753925',
      bs_pagados: '4694.808',
      ganancia_ves: '227.95',
      ganancia_usd: '5.83',
    };
    // A sale with a fee: 0.01 × 0.5 = 0.005 received; old ves = 0.005 − 0.1 × 0.5 = −0.045 → −0.05
    const withFee = {
      venta: '0.01',
      tasa_venta: '0.5000',
      compra: '0',
      tasa_compra: '0',
      bs_recibidos: '0.005',
      bs_pagados: '0',
      ganancia_ves: '-0.05',
      ganancia_usd: '-0.09',
      comision_usd: '0.10000000',
    };
    // Already at céntimos: untouched (here with a deliberately odd profit that must stay).
    const exact = { ...paired, venta: '100.00', tasa_venta: '40.5000', compra: '100.00', tasa_compra: '40.0000' };
    Object.assign(exact, { bs_recibidos: '4050', bs_pagados: '4000', ganancia_ves: '49.99', ganancia_usd: '1.25' });
    const ids: string[] = [];
    for (const row of [purchase, paired, withFee, exact]) ids.push((await insert(row)).rows[0]!.id);
    // A drifted day total (as a missed trigger would leave it) is rebuilt too.
    await t.database.pool.query(`update ledger_day_totals set v_bs_pagados = 1 where ledger_id = $1`, [u.ledgerId]);
    const revisionOf = async () =>
      Number(
        (await t.database.pool.query<{ r: string }>(`select revision::text as r from ledger_revisions where ledger_id = $1`, [u.ledgerId]))
          .rows[0]!.r,
      );
    const before = await revisionOf();

    await t.database.pool.query(readFileSync(path.join(migrations, '0014_rounded-row-bs.sql'), 'utf8'));

    const { rows } = await t.database.pool.query<{
      id: string;
      bs_recibidos: string;
      bs_pagados: string;
      ganancia_ves: string;
      ganancia_usd: string;
    }>(`select id, bs_recibidos::text, bs_pagados::text, ganancia_ves::text, ganancia_usd::text from transactions where id = any($1)`, [
      ids,
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const figures = (id: string) => {
      const r = byId.get(id)!;
      return [r.bs_recibidos, r.bs_pagados, r.ganancia_ves, r.ganancia_usd].map(Number);
    };
    // 47018.505 → 47018.51; ves −47018.51 as before
    expect(figures(ids[0]!)).toEqual([0, 47018.51, -47018.51, -150]);
    // 4922.75 − 4694.81 = 227.94 (the row's own two figures); USD unchanged
    expect(figures(ids[1]!)).toEqual([4922.75, 4694.81, 227.94, 5.83]);
    // 0.005 → 0.01; ves = 0.01 − 0.1 × 0.5 = −0.04
    expect(figures(ids[2]!)).toEqual([0.01, 0, -0.04, -0.09]);
    expect(figures(ids[3]!)).toEqual([4050, 4000, 49.99, 1.25]);
    // The migration agrees with the shared rule digit for digit on the rows it rewrote.
    for (const [i, row] of [purchase, paired, withFee].entries()) {
      const shared = computeTransaction(row);
      expect(byId.get(ids[i]!)).toMatchObject({
        bs_recibidos: shared.bs_recibidos,
        bs_pagados: shared.bs_pagados,
        ganancia_ves: shared.ganancia_ves,
      });
    }

    const totals = await t.database.pool.query<Record<string, string>>(
      `select transaction_count::text as n, bs_recibidos::text, bs_pagados::text, ganancia_ves::text, v_bs_recibidos::text, v_bs_pagados::text
       from ledger_day_totals where ledger_id = $1 and fecha = $2`,
      [u.ledgerId, DAY],
    );
    // received 0 + 4922.75 + 0.01 + 4050 = 8972.76; paid 47018.51 + 4694.81 + 0 + 4000 = 55713.32
    // ves −47018.51 + 227.94 − 0.04 + 49.99 = −46740.62; verified: only the purchase (paid 47018.51)
    expect(totals.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))).toEqual([
      { n: 4, bs_recibidos: 8972.76, bs_pagados: 55713.32, ganancia_ves: -46740.62, v_bs_recibidos: 0, v_bs_pagados: 47018.51 },
    ]);
    expect(await revisionOf()).toBeGreaterThan(before);

    // The rebuilt sums are what the day-totals trigger keeps afterwards: an edit moves them by its delta.
    await t.database.pool.query(`update transactions set esta_verificada = true where id = $1`, [ids[1]]);
    const after = await t.database.pool.query<{ v: string }>(
      `select v_bs_recibidos::text as v from ledger_day_totals where ledger_id = $1`,
      [u.ledgerId],
    );
    expect(Number(after.rows[0]!.v)).toBe(4922.75);
  });
});
