import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMovimiento } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * The monthly report joined with §24's margins and §22's liquidación (DESIGN §25, §28;
 * docs/product.md#reportes). Hand arithmetic in the comments.
 */

async function openWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
/** Every row of a sheet as its values (trailing empty cells dropped). */
const rows = (ws: ExcelJS.Worksheet) => Array.from({ length: ws.rowCount }, (_, i) => values(ws, i + 1));
/** A label's figure (column B of the first row whose A is the label). */
function figure(ws: ExcelJS.Worksheet, label: string): unknown {
  return rows(ws).find((r) => r[0] === label)?.[1];
}
/** The column of a header in row 1. */
const col = (ws: ExcelJS.Worksheet, header: string) => values(ws, 1).indexOf(header) + 1;
const day = (d: string) => new Date(`${d}T00:00:00.000Z`);

function pdfText(body: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-pdf-'));
  const file = path.join(dir, 'r.pdf');
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('monthly report × margins vs paralelo × liquidación', () => {
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser;
  let carla: TestUser;
  let L: string;

  const get = (ledger: string, mes: string, formato: string, token = ana.token) =>
    t.request({ method: 'GET', url: `/api/ledgers/${ledger}/reportes/mensual?mes=${mes}&formato=${formato}`, token });

  beforeAll(async () => {
    t = await createTestApp({ APP_TIMEZONE: 'America/Caracas' });
    // "Today" is 2026-03-20 (Caracas): the month's preview ends there, not on 03-31.
    t.clock.set(new Date('2026-03-20T15:00:00.000Z'));
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
    carla = await createUser(t, { name: 'Carla' });
    L = ana.ledgerId;
    await addMember(t, L, beto.id, true);
    // Live paralelo 40 from 02-27, 50 from 03-10 08:00 Caracas; BCV 36. Stored before the rows, so each row is stamped.
    await t.database.pool.query(
      `insert into rate_snapshots (source, fuente, promedio, fetched_at) values
        ('paralelo', 'DolarApi paralelo', 40, '2026-02-27T16:00:00Z'), ('oficial', 'BCV', 36, '2026-02-27T16:00:00Z'),
        ('paralelo', 'DolarApi paralelo', 50, '2026-03-10T12:00:00Z')`,
    );
    // 03-01: Ana and Beto bring 1000 USD each.
    await addMovimiento(t, ana, L, { tipo: 'aporte', fecha: '2026-03-01', moneda: 'USD', monto: '1000' });
    await addMovimiento(t, beto, L, { tipo: 'aporte', fecha: '2026-03-01', moneda: 'USD', monto: '1000' });
    // 03-02 T1: sells 100 @ 40,40 vs paralelo 40 → 40,40 / 40 − 1 = +1,00 %.
    await addTransaction(t, ana, L, '2026-03-02', {
      venta: 100,
      tasa_venta: '40.40',
      compra: 0,
      tasa_compra: '0',
      ocurrido_en: '2026-03-02T14:00:00.000Z',
    });
    // 03-02 T2: buys 50 @ 39,60 → 40 / 39,60 − 1 = 0,0101010… = +1,01 %.
    await addTransaction(t, ana, L, '2026-03-02', {
      venta: 0,
      tasa_venta: '0',
      compra: 50,
      tasa_compra: '39.60',
      ocurrido_en: '2026-03-02T15:00:00.000Z',
    });
    // 03-10 T3 (paralelo 50): sells 10 @ 49 (49/50 − 1 = −0,02) and buys 10 @ 48 (50/48 − 1 = 0,0416667):
    // the row's margin (−0,02 × 10 + 0,0416667 × 10) / 20 = 0,0108333 → 1,08 %.
    await addTransaction(t, ana, L, '2026-03-10', {
      venta: 10,
      tasa_venta: '49.00',
      compra: 10,
      tasa_compra: '48.00',
      ocurrido_en: '2026-03-10T16:00:00.000Z',
    });
    // Close 03-01…03-05: equity at 03-05 = USD 2000 − 100 + 50 = 1950 + Bs (4040 − 1980 = 2060) / 40 = 51,50 → 2001,50;
    // result 2001,50 − 0 − 2000 = 1,50, equal capital × time → 0,75 each.
    const closed = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/liquidaciones`,
      token: ana.token,
      payload: { desde: '2026-03-01', hasta: '2026-03-05' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    // Carla's ledger: 1000 Bs on 2025-06-01 and no rate stored before 2026-02-27 → the June preview lacks its final rate.
    await setBase(t, carla, carla.ledgerId, '2025-06-01', '1000.00', '0.00');
  });
  afterAll(async () => t.close());

  it('Operaciones: each row the paralelo it met and its margin; Diario: the USD-weighted day margin; Resumen: the month', async () => {
    const res = await get(L, '2026-03', 'xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const wb = await openWorkbook(res.rawPayload);
    const o = wb.getWorksheet('Operaciones')!;
    const par = col(o, 'Paralelo del momento (Bs)');
    const mar = col(o, 'Margen vs paralelo (%)');
    expect(par).toBeGreaterThan(0);
    expect(mar).toBe(par + 1);
    expect([2, 3, 4].map((r) => [o.getCell(r, par).value, o.getCell(r, mar).value])).toEqual([
      [40, 1], // T1
      [40, 1.01], // T2
      [50, 1.08], // T3
    ]);
    expect(o.getCell(2, mar).numFmt).toBe('0.00');
    expect(o.getCell(2, par).numFmt).toBe('#,##0.0000');
    expect(o.getCell(2, mar).type).toBe(ExcelJS.ValueType.Number);

    const d = wb.getWorksheet('Diario')!;
    const dm = col(d, 'Margen vs paralelo (%)');
    expect(dm).toBeGreaterThan(0);
    // 03-01 (aportes only): no row, no margin. 03-02 from the unrounded margins: (0,01 × 100 + 0,0101010 × 50) / 150
    // = 1,5050505 / 150 = 0,0100337 → 1,00 (the rounded ones would give (1,00 × 100 + 1,01 × 50) / 150 = 1,01). 03-10: 1,08.
    expect([2, 3, 4].map((r) => [d.getCell(r, 1).value, d.getCell(r, dm).value])).toEqual([
      [day('2026-03-01'), null],
      [day('2026-03-02'), 1],
      [day('2026-03-10'), 1.08],
    ]);
    expect(d.getCell(3, dm).numFmt).toBe('0.00');

    // Month: Σ margin × USD = 1 + 0,5050505 + (−0,2 + 0,4166667) = 1,7217172; Σ USD = 170 → 0,0101277 → 1,01 %.
    expect(figure(wb.getWorksheet('Resumen')!, 'Margen promedio vs paralelo (%)')).toBe(1.01);
  });

  it('Socios: the closed period overlapping the month, then the preview to min(month end, today) "sin cerrar"; Resumen sums §22’s resultado_usd', async () => {
    const res = await get(L, '2026-03', 'xlsx');
    const wb = await openWorkbook(res.rawPayload);
    const s = rows(wb.getWorksheet('Socios')!);
    const blocks = s.filter((r) => typeof r[0] === 'string' && (r[0] as string).startsWith('Período'));
    expect(blocks).toEqual([
      ['Período 01/03/2026 – 05/03/2026', 'Cerrado'],
      // Today is 03-20: the preview stops there.
      ['Período 06/03/2026 – 20/03/2026', 'Vista previa sin cerrar'],
    ]);
    const header = s.findIndex((r) => r[0] === 'Socio');
    expect(s[header]!.slice(0, 6)).toEqual([
      'Socio',
      'Capital inicial (USD)',
      'Aportes (USD)',
      'Retiros (USD)',
      'Participación (%)',
      'Resultado (USD)',
    ]);
    // Closed: capital 0 + aportes 1000, half each, 0,75 each, capital final 1000,75.
    expect(s[header + 1]!.slice(0, 7)).toEqual(['Ana', 0, 1000, 0, 0.5, 0.75, 1000.75]);
    expect(s[header + 2]!.slice(0, 7)).toEqual(['Beto', 0, 1000, 0, 0.5, 0.75, 1000.75]);
    // Preview 03-06…03-20: starts at the closed 2001,50; end USD 1950 − 10 + 10 = 1950 + Bs (2060 + 490 − 480 = 2070) / 50 = 41,40
    // → 1991,40; result 1991,40 − 2001,50 = −10,10, equal capitals 1000,75 → −5,05 each.
    const second = s.findIndex((r, i) => i > header && r[0] === 'Socio');
    expect(s[second + 1]!.slice(0, 7)).toEqual(['Ana', 1000.75, 0, 0, 0.5, -5.05, 995.7]);
    expect(figure(wb.getWorksheet('Socios')!, 'Resultado del período (USD)')).toBe(1.5);
    expect(s.filter((r) => r[0] === 'Resultado del período (USD)').map((r) => r[1])).toEqual([1.5, -10.1]);

    const r = rows(wb.getWorksheet('Resumen')!);
    const at = r.findIndex((x) => x[0] === 'Resultado por socio');
    // 0,75 + (−5,05) = −4,30 each.
    expect(r.slice(at + 1, at + 4)).toEqual([
      ['Socio', 'Resultado (USD)'],
      ['Ana', -4.3],
      ['Beto', -4.3],
    ]);
    // §13's per-author profit keeps its own label.
    expect(r.some((x) => x[0] === 'Ganancia realizada por autor')).toBe(true);
  });

  it('a missing rate writes "Falta la tasa del {fecha}" instead of failing the report', async () => {
    const res = await get(carla.ledgerId, '2025-06', 'xlsx', carla.token);
    expect(res.statusCode, res.body).toBe(200);
    const wb = await openWorkbook(res.rawPayload);
    const s = rows(wb.getWorksheet('Socios')!);
    expect(s).toContainEqual(['Período 01/06/2025 – 30/06/2025', 'Vista previa sin cerrar']);
    expect(s).toContainEqual(['Falta la tasa del 30/06/2025']);
    expect(rows(wb.getWorksheet('Resumen')!)).toContainEqual(['Falta la tasa del 30/06/2025']);
    const pdf = await get(carla.ledgerId, '2025-06', 'pdf', carla.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Falta la tasa del 30/06/2025');
  });

  it('the PDF: the month margin in the summary and the per-member result per period', async () => {
    const res = await get(L, '2026-03', 'pdf');
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/Margen promedio vs paralelo \(%\)\s+1,01/);
    expect(text).toContain('Período 01/03/2026 – 05/03/2026 · Cerrado');
    expect(text).toContain('Período 06/03/2026 – 20/03/2026 · Vista previa sin cerrar');
    expect(text).toMatch(/Ana\s+1\.000,75\s+0,00\s+0,00\s+50,00\s+-5,05\s+995,70/);
  });

  it('the page JSON carries the month margin (and null when no row is stamped)', async () => {
    const res = await get(L, '2026-03', 'json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resumen.margen_promedio).toBe(1.01);
    const none = await get(carla.ledgerId, '2025-06', 'json', carla.token);
    expect(none.json().resumen.margen_promedio).toBeNull();
  });

  it('once the rest of the month (to today) is closed too, Socios shows both closed periods and no preview', async () => {
    const closed = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/liquidaciones`,
      token: ana.token,
      payload: { desde: '2026-03-06', hasta: '2026-03-20' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const wb = await openWorkbook((await get(L, '2026-03', 'xlsx')).rawPayload);
    const s = rows(wb.getWorksheet('Socios')!);
    expect(s.filter((r) => typeof r[0] === 'string' && (r[0] as string).startsWith('Período'))).toEqual([
      ['Período 01/03/2026 – 05/03/2026', 'Cerrado'],
      ['Período 06/03/2026 – 20/03/2026', 'Cerrado'],
    ]);
    // The stored figures are the preview's: 0,75 + (−5,05) = −4,30 each.
    expect(rows(wb.getWorksheet('Resumen')!)).toContainEqual(['Ana', -4.3]);
  });
});

describe('the report and the liquidación read the rate of a day from the stored history first (DESIGN §28)', () => {
  let t: TestApp;
  let carla: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ APP_TIMEZONE: 'America/Caracas' });
    carla = await createUser(t, { name: 'Carla' });
    await setBase(t, carla, carla.ledgerId, '2025-06-01', '1000.00', '0.00');
    // A live fetch of 20 on 06-30 and the history's 25 for that day: the history wins.
    await t.database.pool.query(
      `insert into rate_snapshots (source, fuente, promedio, fetched_at) values ('paralelo', 'DolarApi paralelo', 20, '2025-06-30T16:00:00Z')`,
    );
    await t.database.pool.query(`insert into rate_history (source, fecha, promedio) values ('paralelo', '2025-06-30', 25)`);
  });
  afterAll(async () => t.close());

  it('Resumen’s equity and the Socios preview both value 1000 Bs at 25 (not the live 20)', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/ledgers/${carla.ledgerId}/reportes/mensual?mes=2025-06&formato=xlsx`,
      token: carla.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = await openWorkbook(res.rawPayload);
    // 0 USD + 1000 / 25 = 40,00 (the live 20 would give 50,00).
    expect(figure(wb.getWorksheet('Resumen')!, 'Patrimonio final (USD)')).toBe(40);
    const s = wb.getWorksheet('Socios')!;
    expect(figure(s, 'Tasa final (Bs)')).toBe(25);
    expect(figure(s, 'Patrimonio final (USD)')).toBe(40);
    // Result 40 − 0 − 0 = 40,00 (the base set by hand counts in it), all Carla's.
    expect(rows(wb.getWorksheet('Resumen')!)).toContainEqual(['Carla', 40]);
  });
});
