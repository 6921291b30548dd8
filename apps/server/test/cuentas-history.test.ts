import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../src/services/backup.ts';
import { readFileSync } from 'node:fs';
import { addCuenta, addMovimiento, cuentasAt, saldos } from './support/cuentas.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, setBase } from './support/transactions.ts';
import { createUser } from './support/users.ts';

/** Movements in the history, the day's Excel, backups and on several instances (docs/product.md#cuentas-y-movimientos). */
describe('accounts beyond the day', () => {
  let t: TestApp;
  // Other instances (a second server, a restored database) trust the same tokens.
  const env = { JWT_SECRET: randomBytes(32).toString('hex') };
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(async () => t.close());

  it('a day with only movements is an active day: listed in /dates with movementCount, carried forward, in the closing', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    await addTransaction(t, u, L, '2026-09-01', { venta: 10, tasa_venta: 40 });
    await addMovimiento(t, u, L, { tipo: 'aporte', fecha: '2026-09-03', moneda: 'USD', monto: '100' });
    const dates = await t.request({ method: 'GET', url: `/api/transactions/dates?ledgerId=${L}`, token: u.token });
    expect(
      dates
        .json()
        .map((d: { date: string; transactionCount: number; movementCount?: number }) => [d.date, d.transactionCount, d.movementCount]),
    ).toEqual([
      ['2026-09-03', 0, 1],
      ['2026-09-01', 1, undefined],
    ]);
    // Closing: 400 Bs; −10 + 100 = 90 USD
    const summary = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${L}&hasta=2026-09-05`,
      token: u.token,
    });
    expect(summary.json().resumen_total).toMatchObject({ saldo_ves: 400, saldo_usd: 90, transacciones_count: 1 });
    expect((await balances(t, u, L, '2026-09-05')).saldos_base).toMatchObject({ saldo_base_ves: 400, saldo_base_usd: 90, heredado: true });
  });

  it('the day’s Excel names each row’s accounts, lists the movements and includes them in its balances', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const day = '2026-09-10';
    const banesco = await addCuenta(t, u, L, { nombre: 'Banesco', moneda: 'VES' });
    await addTransaction(t, u, L, day, { venta: 10, tasa_venta: 40, cuenta_ves_id: banesco.id } as never);
    await addMovimiento(t, u, L, {
      tipo: 'retiro',
      fecha: day,
      moneda: 'VES',
      monto: '100',
      tasa: '40',
      cuenta_origen_id: banesco.id,
      notas: 'gastos',
    });
    const res = await t.request({ method: 'GET', url: `/api/transactions/export-daily?ledgerId=${L}&fecha=${day}`, token: u.token });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(7).slice(18)).toEqual(['Cuenta Bs', 'Cuenta USD']);
    expect(values(8).slice(18)).toEqual(['Banesco', 'Sin asignar']);
    const all: unknown[][] = [];
    ws.eachRow((row) => all.push((row.values as unknown[]).slice(1)));
    const movRow = all.find((r) => r[2] === 'retiro');
    expect(movRow).toEqual([1, expect.any(String), 'retiro', 'VES', 100, 0, 'Banesco', 'Sin asignar', 'gastos']);
    // 10 × 40 = 400 − 100 = 300 Bs available
    expect(all.find((r) => r[0] === 'Saldo disponible Bs.S')).toEqual(['Saldo disponible Bs.S', 300]);
    expect(all.find((r) => r[0] === 'Movimientos netos Bs')).toEqual(['Movimientos netos Bs', -100]);
  });

  it('an import takes one account per side for all the file’s orders; a wrong one is CUENTA_INVALIDA and imports nothing', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const ves = await addCuenta(t, u, L, { nombre: 'Banesco', moneda: 'VES' });
    const usd = await addCuenta(t, u, L, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });
    const csv = readFileSync(new URL('../src/services/imports/fixtures/english-fees.csv', import.meta.url));
    const send = (fields: Record<string, string>) => {
      const form = multipart(fields, [{ name: 'file', filename: 'orders.csv', contentType: 'text/csv', data: csv }]);
      return t.request({ method: 'POST', url: `/api/ledgers/${L}/imports`, token: u.token, payload: form.payload, headers: form.headers });
    };
    const wrong = await send({ cuenta_ves_id: usd.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CUENTA_INVALIDA');
    const ok = await send({ cuenta_ves_id: ves.id, cuenta_usd_id: usd.id });
    expect(ok.statusCode, ok.body).toBe(201);
    const rows = await t.database.pool.query<{ n: string; ves: string | null; usd: string | null }>(
      `select count(*)::text as n, min(cuenta_ves_id::text) as ves, min(cuenta_usd_id::text) as usd from transactions where ledger_id = $1`,
      [L],
    );
    expect(rows.rows[0]).toEqual({ n: String(ok.json().batch.created), ves: ves.id, usd: usd.id });
    expect(ok.json().batch.created).toBeGreaterThan(0);
    // Every imported row's flows are in the two accounts: nothing is left in Sin asignar
    const last = ok.json().batch.fechas.at(-1) as string;
    expect((await cuentasAt(t, u, L, last)).sin_asignar).toEqual({ ves: 0, usd: 0 });
  });

  it('deleting a ledger with accounts, movements and cuadres removes them all', async () => {
    const u = await createUser(t);
    const created = await t.request({ method: 'POST', url: '/api/ledgers', token: u.token, payload: { name: 'Temporal' } });
    const L = created.json().ledger.id as string;
    const c = await addCuenta(t, u, L, { nombre: 'Caja', moneda: 'USD', tipo: 'efectivo' });
    await addTransaction(t, u, L, '2026-09-20', { compra: 5, tasa_compra: 40, cuenta_usd_id: c.id } as never);
    await addMovimiento(t, u, L, { tipo: 'retiro', fecha: '2026-09-20', moneda: 'USD', monto: '1', cuenta_origen_id: c.id });
    await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/cuentas/${c.id}/cuadres`,
      token: u.token,
      payload: { fecha: '2026-09-20', saldo_real: '4' },
    });
    const del = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}`, token: u.token });
    expect(del.statusCode, del.body).toBe(204);
    for (const table of ['cuentas', 'movimientos', 'cuadres', 'cuenta_day_totals', 'transactions']) {
      const r = await t.database.pool.query(`select count(*)::int as n from ${table} where ledger_id = $1`, [L]);
      expect(r.rows[0].n, table).toBe(0);
    }
  });

  it('backup and restore keep accounts, movements and cuadres, and rebuild the per-account totals', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const bank = await addCuenta(t, u, L, { nombre: 'Mercantil', moneda: 'VES', metodos_binance: ['Mercantil'] });
    const wallet = await addCuenta(t, u, L, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });
    await setBase(t, u, L, '2026-10-01', '1000.00', '50.00');
    await addMovimiento(t, u, L, { tipo: 'transferencia', fecha: '2026-10-01', moneda: 'VES', monto: '1000', cuenta_destino_id: bank.id });
    await addTransaction(t, u, L, '2026-10-02', {
      venta: 5,
      tasa_venta: '40.1234',
      cuenta_ves_id: bank.id,
      cuenta_usd_id: wallet.id,
    } as never);
    const cuadre = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/cuentas/${bank.id}/cuadres`,
      token: u.token,
      payload: { fecha: '2026-10-02', saldo_real: '1200.62' },
    });
    expect(cuadre.statusCode).toBe(201);
    const before = await cuentasAt(t, u, L, '2026-10-02');
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-backup-')), 'b.json.gz');
    await writeBackup(t.database.pool, file);
    const target = await createTestDatabase();
    try {
      await restoreBackup(target.pool, file);
      for (const table of ['cuentas', 'movimientos', 'cuadres', 'cuenta_day_totals', 'ledger_day_totals']) {
        const a = await t.database.pool.query(`select * from ${table} where ledger_id = $1 order by 1, 2, 3`, [L]);
        const b = await target.pool.query(`select * from ${table} where ledger_id = $1 order by 1, 2, 3`, [L]);
        expect(a.rows.length, table).toBeGreaterThan(0);
        expect(b.rows, table).toEqual(a.rows);
      }
      const restored = await createTestApp(env, { database: target });
      try {
        const after = await cuentasAt(restored, u, L, '2026-10-02');
        expect(after).toEqual(before);
        // 1000 + 5 × 40.1234 = 1200.617 → 1200.62: cuadrada
        expect(saldos(after)).toMatchObject({ Mercantil: 1200.62, Binance: -5 });
        expect(after.cuentas.find((c) => c.nombre === 'Mercantil')!.descuadrada).toBe(false);
      } finally {
        await restored.close();
      }
    } finally {
      await target.close();
    }
  });

  it('concurrent movements on two instances: every one counted, both instances answer the same balances', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const other = await createTestApp(env, { database: t.database });
    try {
      const a = await addCuenta(t, u, L, { nombre: 'A', moneda: 'USD' });
      const b = await addCuenta(t, u, L, { nombre: 'B', moneda: 'USD' });
      const day = '2026-11-05';
      // Both instances cache the day first.
      await balances(t, u, L, day);
      await balances(other, u, L, day);
      const writes = Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? t : other).request({
          method: 'POST',
          url: `/api/ledgers/${L}/movimientos`,
          token: u.token,
          payload:
            i % 4 < 2
              ? { tipo: 'aporte', fecha: day, moneda: 'USD', monto: '10', cuenta_destino_id: a.id }
              : {
                  tipo: 'transferencia',
                  fecha: day,
                  moneda: 'USD',
                  monto: '3',
                  comision: '0.25',
                  cuenta_origen_id: a.id,
                  cuenta_destino_id: b.id,
                },
        }),
      );
      const answers = await Promise.all(writes);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      // 10 aportes of 10 = 100 into A; 10 transfers of 3 + 0.25 out of A, 3 into B
      // A = 100 − 32.50 = 67.50; B = 30; available = 100 − 2.50 = 97.50; Sin asignar 0
      for (const app of [t, other]) {
        const r = (await balances(app, u, L, day)) as unknown as {
          cuentas: Array<{ nombre: string; saldo: number }>;
          sin_asignar: unknown;
          resumen: Record<string, { valor: number }>;
        };
        expect(r.cuentas.map((c) => [c.nombre, c.saldo])).toEqual([
          ['A', 67.5],
          ['B', 30],
        ]);
        expect(r.sin_asignar).toEqual({ ves: 0, usd: 0 });
        expect(r.resumen.saldo_disponible_usd).toEqual({ valor: 97.5 });
      }
    } finally {
      await other.close();
    }
  });
});
