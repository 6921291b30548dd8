import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupInfo } from '@arb/shared';
import { restoreBackup } from '../src/services/backup.ts';
import { addCuenta, addMovimiento, cuentasAt, saldos } from './support/cuentas.ts';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, setBase } from './support/transactions.ts';
import { createUser, type TestUser } from './support/users.ts';

const DAY = '2026-11-20';
const NEXT = '2026-11-21';

/** Rows of a table as JSON text, in a stable order (what the restore must give back as is). */
async function rowsOf(t: TestApp, table: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ r: string }>(`select to_jsonb(x)::text as r from ${table} x order by 1`);
  return rows.map((r) => r.r);
}

/** Issue 41: a copy made by "Crear copia ahora", restored into an empty database, gives the same books. */
describe('scheduled backup → empty database → restore', () => {
  let t: TestApp;
  let admin: TestUser;
  let ana: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'ADMIN' });
    ana = await createUser(t, { name: 'Ana' });
  });
  afterAll(async () => t.close());

  it('gives the same balances, accounts, movements and transactions', async () => {
    const L = ana.ledgerId;
    await setBase(t, ana, L, DAY, '10000', '500');
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    const binance = await addCuenta(t, ana, L, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });
    await addMovimiento(t, ana, L, { tipo: 'transferencia', fecha: DAY, moneda: 'VES', monto: '6000', cuenta_destino_id: banesco.id });
    await addMovimiento(t, ana, L, { tipo: 'transferencia', fecha: DAY, moneda: 'USD', monto: '400', cuenta_destino_id: binance.id });
    await addTransaction(t, ana, L, DAY, {
      venta: '100.55',
      tasa_venta: '40.1234',
      compra: '100',
      tasa_compra: '39.8765',
      notas: 'orden 1',
    });
    await addTransaction(t, ana, L, NEXT, { venta: '33.33', tasa_venta: '41', compra: '33', tasa_compra: '40.5' });

    const made = await t.request({ method: 'POST', url: '/api/admin/backups', token: admin.token });
    expect(made.statusCode).toBe(201);
    const { backup } = made.json() as { backup: BackupInfo };

    const empty = await createTestDatabase();
    await restoreBackup(empty.pool, path.join(t.ctx.config.BACKUP_DIR, backup.id));
    const restored = await createTestApp({}, { database: empty });
    try {
      // Ana signs in on the restored server with her restored sign-in.
      const { rows } = await empty.pool.query<{ id: string }>('select id from login_sessions where user_id = $1', [ana.id]);
      const anaThere: TestUser = { ...ana, token: await restored.ctx.tokens.sign({ sub: ana.id, role: 'USER', sid: rows[0]!.id }) };
      for (const fecha of [DAY, NEXT]) {
        expect(await balances(restored, anaThere, L, fecha)).toEqual(await balances(t, ana, L, fecha));
        expect(saldos(await cuentasAt(restored, anaThere, L, fecha))).toEqual(saldos(await cuentasAt(t, ana, L, fecha)));
      }
      expect(saldos(await cuentasAt(restored, anaThere, L, DAY))).toMatchObject({ Banesco: 6000, Binance: 400 });
      expect(await rowsOf(restored, 'movimientos')).toHaveLength(2);
      expect(await rowsOf(restored, 'transactions')).toHaveLength(2);
      for (const table of ['cuentas', 'movimientos', 'transactions', 'daily_balances', 'cuenta_day_totals', 'ledger_day_totals']) {
        expect(await rowsOf(restored, table), table).toEqual(await rowsOf(t, table));
      }
    } finally {
      await restored.close();
      await empty.close();
    }
  });
});
