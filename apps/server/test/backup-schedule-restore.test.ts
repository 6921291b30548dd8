import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupInfo } from '@arb/shared';
import { BACKED_UP_TABLES, restoreBackup } from '../src/services/backup.ts';
import { addCuenta, addMovimiento, cuentasAt, saldos } from './support/cuentas.ts';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, setBase } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const DAY = '2026-11-20';
const NEXT = '2026-11-21';

/** Rows of a table as JSON text, in a stable order (what the restore must give back as is). */
async function rowsOf(t: TestApp, table: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ r: string }>(`select to_jsonb(x)::text as r from ${table} x order by 1`);
  return rows.map((r) => r.r);
}

/**
 * The tables of a ledger's books: every backed-up table with a `ledger_id` column (found in the
 * database, so a table added to BACKED_UP_TABLES later is compared without touching this test —
 * the socios work's `liquidaciones`, issue 39, among them), and the per-day totals the triggers
 * rebuild on restore. The ledgers themselves are compared by id.
 */
async function bookTables(t: TestApp): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'ledger_id' and table_name = any($1::text[])
      order by table_name`,
    [[...BACKED_UP_TABLES]],
  );
  return [...rows.map((r) => r.table_name), 'cuenta_day_totals', 'ledger_day_totals', 'ledgers'];
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

  it('gives the same balances, accounts, movements, transactions and closed liquidaciones, still locked', async () => {
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
    // An accountant who may only look ("Solo lectura"): the flag comes back with the ledger's members.
    const contable = await createUser(t, { name: 'Contable' });
    await addMember(t, L, contable.id);
    const madeViewer = await t.request({
      method: 'PATCH',
      url: `/api/ledgers/${L}/members/${contable.id}/permissions`,
      token: ana.token,
      payload: { soloLectura: true },
    });
    expect(madeViewer.statusCode, madeViewer.body).toBe(200);
    // The two days settled and locked (DESIGN §22): the restore must bring the liquidación back, and
    // the period lock's deferred checks must not refuse the restore itself (docs/decisions/0053).
    const cerrada = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/liquidaciones`,
      token: ana.token,
      payload: { desde: DAY, hasta: NEXT, tasa_inicial: '40', tasa_final: '40' },
    });
    expect(cerrada.statusCode, cerrada.body).toBe(201);

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
      const viewer = await empty.pool.query<{ solo_lectura: boolean }>(
        'select solo_lectura from ledger_members where ledger_id = $1 and user_id = $2',
        [L, contable.id],
      );
      expect(viewer.rows).toEqual([{ solo_lectura: true }]);
      const tables = await bookTables(t);
      // The books this test seeds are among them (a rename of a column would drop a table silently).
      expect(tables).toEqual(expect.arrayContaining(['cuentas', 'movimientos', 'transactions', 'daily_balances', 'activity']));
      for (const table of tables) {
        expect(await rowsOf(restored, table), table).toEqual(await rowsOf(t, table));
      }
      // The settlement: compared row by row above, and as its partners read it.
      expect(tables).toContain('liquidaciones');
      const periods = async (app: TestApp, u: TestUser) =>
        (await app.request({ method: 'GET', url: `/api/ledgers/${L}/liquidaciones`, token: u.token })).json() as unknown;
      expect(await periods(restored, anaThere)).toEqual(await periods(t, ana));
      expect(await rowsOf(restored, 'liquidaciones')).toHaveLength(1);
      // Still locked after the restore: a change dated inside is refused.
      const locked = await restored.request({
        method: 'POST',
        url: '/api/transactions',
        token: anaThere.token,
        payload: { ledgerId: L, fecha: NEXT, venta: '1', tasa_venta: '40' },
      });
      expect([locked.statusCode, (locked.json() as { code: string }).code]).toEqual([409, 'PERIODO_CERRADO']);
    } finally {
      await restored.close();
      await empty.close();
    }
  });
});
