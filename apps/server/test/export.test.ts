import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase, verify } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const DAY = '2026-03-10';

async function openWorkbook(body: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('GET /api/transactions/export-daily', () => {
  let t: TestApp;
  let u: TestUser;
  let ledgerId: string;
  beforeAll(async () => {
    t = await createTestApp({ APP_TIMEZONE: 'America/Caracas' });
    u = await createUser(t, { name: 'Ana' });
    ledgerId = u.ledgerId;
    await t.database.pool.query(`update ledgers set name = 'Caja Ñandú/2' where id = $1`, [ledgerId]);
    await setBase(t, u, ledgerId, DAY, '1000.00', '500.00');
    const a = await addTransaction(t, u, ledgerId, DAY, { venta: 100, tasa_venta: '40.50', compra: 100, tasa_compra: '40.00' });
    await addTransaction(t, u, ledgerId, DAY, { venta: 250, tasa_venta: '36.15', notas: '=1+1' });
    await addTransaction(t, u, ledgerId, DAY, { compra: '80.25', tasa_compra: '41.1234', notas: '=HYPERLINK("http://x","y")' });
    await verify(t, u, a.id);
  });
  afterAll(async () => t.close());

  const get = (query: string, token = u.token) => t.request({ method: 'GET', url: `/api/transactions/export-daily${query}`, token });

  it('answers an xlsx with a safe RFC 5987 file name', async () => {
    const res = await get(`?ledgerId=${ledgerId}&fecha=${DAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="arbitraje-Caja Nandu-2-${DAY}.xlsx"; filename*=UTF-8''arbitraje-Caja%20%C3%91and%C3%BA-2-${DAY}.xlsx`,
    );
  });

  it('a text starting with =, +, - or @ gets the Text format, so an edit in Excel keeps it text (issue 36)', async () => {
    const day = '2026-03-11';
    for (const notas of ['+1', '-2+3', '@SUM(A1)', 'hola = adiós']) {
      await addTransaction(t, u, ledgerId, day, { venta: 1, tasa_venta: '40.00', notas });
    }
    const ws = await openWorkbook((await get(`?ledgerId=${ledgerId}&fecha=${day}`)).rawPayload);
    const notes = [8, 9, 10, 11].map((r) => ws.getCell(`M${r}`));
    expect(notes.map((c) => c.value)).toEqual(['+1', '-2+3', '@SUM(A1)', 'hola = adiós']);
    expect(notes.map((c) => c.type)).toEqual(Array(4).fill(ExcelJS.ValueType.String));
    // a plain text keeps the General format; the author's name and figures are untouched
    expect(notes.map((c) => c.numFmt ?? 'General')).toEqual(['@', '@', '@', 'General']);
    expect(ws.getCell('N8').numFmt ?? 'General').toBe('General');
  });

  it('every money cell carries the figures of the balances screen; notes stay text', async () => {
    const res = await get(`?ledgerId=${ledgerId}&fecha=${DAY}`);
    const ws = await openWorkbook(res.rawPayload);
    expect(rowValues(ws, 2)).toEqual(['Registro', 'Caja Ñandú/2']);
    expect(rowValues(ws, 3)).toEqual(['Fecha', DAY]);
    expect(rowValues(ws, 4).slice(0, 2)).toEqual(['Saldo base Bs.S', 1000]);
    expect(rowValues(ws, 5).slice(0, 2)).toEqual(['Saldo base USD', 500]);
    expect(rowValues(ws, 7)).toEqual([
      '#',
      'Hora',
      'Venta ($)',
      'Tasa Venta (Bs)',
      'Bs recibidos',
      'Compra ($)',
      'Tasa Compra (Bs)',
      'Bs pagados',
      'Ganancia (Bs)',
      'Ganancia ($)',
      'Ganancia acumulada ($)',
      'Verificada',
      'Notas',
      'Registrado por',
      'Comisión ($)',
      'Origen',
      'Referencia',
      'Fecha y hora',
    ]);
    const money = (n: number) => rowValues(ws, n).slice(2, 11);
    // a: 100 @ 40.50 → 4050; 100 @ 40 → 4000; 50 Bs; 1.25 USD; cumulative 1.25
    expect(money(8)).toEqual([100, 40.5, 4050, 100, 40, 4000, 50, 1.25, 1.25]);
    // b: 250 @ 36.15 → 9037.5; sale only → 250 USD; cumulative 251.25
    expect(money(9)).toEqual([250, 36.15, 9037.5, 0, 0, 0, 9037.5, 250, 251.25]);
    // c: 80.25 @ 41.1234 → 3300.15285 → 3300.15; −3300.15 Bs; −80.25 USD; cumulative 171
    expect(money(10)).toEqual([0, 0, 0, 80.25, 41.1234, 3300.15, -3300.15, -80.25, 171]);
    expect(rowValues(ws, 8).slice(11, 17)).toEqual(['Sí', undefined, 'Ana', 0, 'Manual', undefined]);
    // a manual row's ocurrido_en is the moment it was recorded, in Caracas, with the seconds
    expect(String(rowValues(ws, 8)[17])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // notes are plain strings, never formulas
    expect(ws.getCell('M9').value).toBe('=1+1');
    expect(ws.getCell('M9').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('M10').value).toBe('=HYPERLINK("http://x","y")');
    ws.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    // issue 36: texts that start like a formula carry the Text format, so an edit keeps them text
    expect([ws.getCell('M9').numFmt, ws.getCell('M10').numFmt]).toEqual(['@', '@']);
    // hour in Caracas time, 24 h
    expect(String(rowValues(ws, 8)[1])).toMatch(/^\d{2}:\d{2}$/);
    // totals: ventas 350, Bs recibidos 4050 + 9037.5 = 13087.5, compras 180.25,
    // Bs pagados 4000 + 3300.15 (3300.15285 rounded, the row as shown) = 7300.15, 5787.35 Bs, 171 USD (issue 25: Bs filled)
    expect(rowValues(ws, 11)).toEqual(['Totales', undefined, 350, undefined, 13087.5, 180.25, undefined, 7300.15, 5787.35, 171]);
    // issue 25: the average rates sit in labelled rows, not unlabelled under the rate columns
    // (13087.50 / 350 = 37.392857… → 37.3929; 7300.15 / 180.25 = 40.500138… → 40.5001)
    expect([12, 13].map((n) => rowValues(ws, n))).toEqual([
      ['Tasa venta promedio', 37.3929],
      ['Tasa compra promedio', 40.5001],
    ]);
    expect(['B12', 'B13'].map((a) => ws.getCell(a).numFmt)).toEqual(['#,##0.0000', '#,##0.0000']);
    // available: 1000 + 13087.50 − 7300.15 = 6787.35; 500 − 350 + 180.25 = 330.25
    // verified only (a): 1000 + 4050 − 4000 = 1050; 500 − 100 + 100 = 500
    expect([15, 16, 17, 18].map((n) => rowValues(ws, n))).toEqual([
      ['Saldo disponible Bs.S', 6787.35],
      ['Saldo disponible USD', 330.25],
      ['Saldo Bs.S (solo verificadas)', 1050],
      ['Saldo USD (solo verificadas)', 500],
    ]);
    expect(ws.getCell('C8').numFmt).toBe('#,##0.00');
    // issue 25: the heading block's and closing block's figures show 2 decimals too
    expect(['B4', 'B5', 'B15', 'B16', 'B17', 'B18'].map((a) => ws.getCell(a).numFmt)).toEqual(Array(6).fill('#,##0.00'));
    expect(ws.getCell('D8').numFmt).toBe('#,##0.0000');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });
  });

  it('says when the base was inherited', async () => {
    await addTransaction(t, u, ledgerId, '2026-03-11', { venta: 1, tasa_venta: 40 });
    const ws = await openWorkbook((await get(`?ledgerId=${ledgerId}&fecha=2026-03-11`)).rawPayload);
    expect(rowValues(ws, 4)).toEqual(['Saldo base Bs.S', 6787.35, '(heredado del día anterior)']);
    expect(rowValues(ws, 5)).toEqual(['Saldo base USD', 330.25, '(heredado del día anterior)']);
  });

  it('a deleted author shows as "Usuario eliminado"; a nameless ledger exports as "registro"', async () => {
    const owner = await createUser(t);
    const gone = await createUser(t);
    await addMember(t, owner.ledgerId, gone.id);
    await addTransaction(t, gone, owner.ledgerId, DAY, { venta: 1, tasa_venta: 40 });
    await t.database.pool.query('delete from users where id = $1', [gone.id]);
    await t.database.pool.query(`update ledgers set name = '///' where id = $1`, [owner.ledgerId]);
    const res = await get(`?ledgerId=${owner.ledgerId}&fecha=${DAY}`, owner.token);
    expect(res.headers['content-disposition']).toContain(`filename="arbitraje---${DAY}.xlsx"`);
    const ws = await openWorkbook(res.rawPayload);
    expect(rowValues(ws, 8)[13]).toBe('Usuario eliminado');
    await t.database.pool.query(`update ledgers set name = '' where id = $1`, [owner.ledgerId]);
    const unnamed = await get(`?ledgerId=${owner.ledgerId}&fecha=${DAY}`, owner.token);
    expect(unnamed.headers['content-disposition']).toContain(`filename="arbitraje-registro-${DAY}.xlsx"`);
  });

  it('rows in the order of ocurrido_en, with its hour (Caracas) and the fee column (docs/product.md#binance-import)', async () => {
    const v = await createUser(t);
    await addTransaction(t, v, v.ledgerId, DAY, { venta: 1, tasa_venta: 40, ocurrido_en: '2026-03-10T20:30:00Z' });
    await addTransaction(t, v, v.ledgerId, DAY, {
      compra: 2,
      tasa_compra: 40,
      comision_usd: '0.12345678',
      ocurrido_en: '2026-03-10T12:05:00Z',
    });
    const ws = await openWorkbook((await get(`?ledgerId=${v.ledgerId}&fecha=${DAY}`, v.token)).rawPayload);
    // 12:05Z is 08:05 in Caracas (UTC−4), 20:30Z is 16:30: the later-created row comes first
    expect(rowValues(ws, 8).slice(1, 2)).toEqual(['08:05']);
    expect(rowValues(ws, 8)[14]).toBe(0.12345678);
    expect(rowValues(ws, 9).slice(1, 2)).toEqual(['16:30']);
    expect(rowValues(ws, 9)[14]).toBe(0);
  });

  it('an imported order shows its origin, its order number as text, its fee and its Binance time (docs/product.md#binance-import)', async () => {
    const w = await createUser(t);
    const form = multipart({ timezone: 'America/Caracas' }, [
      {
        name: 'file',
        filename: 'orders.csv',
        contentType: 'text/csv',
        data: readFileSync(new URL('../src/services/imports/fixtures/english-fees.csv', import.meta.url)),
      },
    ]);
    const res = await t.request({ method: 'POST', url: `/api/ledgers/${w.ledgerId}/imports`, token: w.token, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const ws = await openWorkbook((await get(`?ledgerId=${w.ledgerId}&fecha=2024-05-02`, w.token)).rawPayload);
    // The day's order is ocurrido_en: the purchase at 09:15:00 first, then the sale at 18:30:05
    // (Caracas, as in the file). Fees: taker 0.5 on the purchase; maker 1.55345 on the sale.
    expect(rowValues(ws, 8).slice(14)).toEqual([0.5, 'Binance P2P', '22745188745533214711', '2024-05-02 09:15:00']);
    expect(rowValues(ws, 9).slice(14)).toEqual([1.55345, 'Binance P2P', '22745188745533214720', '2024-05-02 18:30:05']);
    expect(ws.getCell('Q8').type).toBe(ExcelJS.ValueType.String);
  });

  it('400 without a ledger or a date, 404 with no transactions, 404 outside the ledger', async () => {
    for (const q of ['', `?ledgerId=${ledgerId}`, `?fecha=${DAY}`, `?ledgerId=&fecha=${DAY}`]) {
      const res = await get(q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'No hay ledger o fecha seleccionada', code: 'VALIDATION_ERROR' });
    }
    const none = await get(`?ledgerId=${ledgerId}&fecha=2026-01-01`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'No hay transacciones para exportar en esta fecha', code: 'NO_TRANSACTIONS' });
    const outsider = await createUser(t);
    expect((await get(`?ledgerId=${ledgerId}&fecha=${DAY}`, outsider.token)).statusCode).toBe(404);
    expect((await get(`?ledgerId=${ledgerId}&fecha=10-03-2026`)).statusCode).toBe(400);
    expect((await get(`?ledgerId=xyz&fecha=${DAY}`)).statusCode).toBe(404);
  });
});
