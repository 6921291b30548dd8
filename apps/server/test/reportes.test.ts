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

const MES = '2026-03';
const HYPERLINK = '=HYPERLINK("http://x","y")';

async function openWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
/** A label's figure in the Resumen sheet (column B of the row whose A is the label). */
function figure(ws: ExcelJS.Worksheet, label: string): unknown {
  let found: unknown = undefined;
  ws.eachRow((row) => {
    if (row.getCell(1).value === label && found === undefined) found = row.getCell(2).value;
  });
  return found;
}
const day = (d: string) => new Date(`${d}T00:00:00.000Z`);

function pdfText(body: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-pdf-'));
  const file = path.join(dir, 'r.pdf');
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('GET /api/ledgers/:id/reportes/mensual (DESIGN §25, docs/product.md#reportes)', () => {
  let t: TestApp;
  let ana: TestUser;
  let L: string;
  beforeAll(async () => {
    t = await createTestApp({ APP_TIMEZONE: 'America/Caracas' });
    ana = await createUser(t, { name: 'Ana' });
    L = ana.ledgerId;
    await t.database.pool.query(`update ledgers set name = 'Caja Ñandú/2' where id = $1`, [L]);
    // The month by hand (2026-03):
    // 03-01 base 1000,00 Bs / 500,00 USD.
    await setBase(t, ana, L, '2026-03-01', '1000.00', '500.00');
    // 03-02 T1: 100 @ 40,50 / 100 @ 40,00 → Bs 4050 − 4000 = 50,00; USD 50 / 40 = 1,25.
    await addTransaction(t, ana, L, '2026-03-02', {
      venta: 100,
      tasa_venta: '40.50',
      compra: 100,
      tasa_compra: '40.00',
      ocurrido_en: '2026-03-02T13:05:00.000Z',
    });
    // 03-02 T2: 10 @ 41 / 10 @ 40, fee 0,10 → Bs 410 − 400 − 0,10 × 41 = 5,90; USD 10 / 40 − 0,10 = 0,15.
    await addTransaction(t, ana, L, '2026-03-02', {
      venta: 10,
      tasa_venta: '41.00',
      compra: 10,
      tasa_compra: '40.00',
      comision_usd: '0.10',
      notas: HYPERLINK,
      ocurrido_en: '2026-03-02T14:00:00.000Z',
    });
    // 03-15 T3: 20 @ 42 / 20 @ 41 → Bs 840 − 820 = 20,00; USD 20 / 41 = 0,4878 → 0,49. An aporte of 100 USD by Ana.
    await addTransaction(t, ana, L, '2026-03-15', {
      venta: 20,
      tasa_venta: '42.00',
      compra: 20,
      tasa_compra: '41.00',
      ocurrido_en: '2026-03-15T16:30:00.000Z',
    });
    await addMovimiento(t, ana, L, { tipo: 'aporte', fecha: '2026-03-15', moneda: 'USD', monto: '100', notas: '+58 412' });
    // Rates (live snapshots, DESIGN §28's fallback): paralelo 40 on 02-27 (carried to 02-28 and into March), 45 from 03-20; BCV 36 from 03-02.
    await t.database.pool.query(
      `insert into rate_snapshots (source, fuente, promedio, fetched_at) values
        ('paralelo', 'DolarApi paralelo', 40, '2026-02-27T16:00:00Z'), ('paralelo', 'DolarApi paralelo', 45, '2026-03-20T16:00:00Z'),
        ('oficial', 'BCV', 36, '2026-03-02T16:00:00Z')`,
    );
  });
  afterAll(async () => t.close());

  const get = (query: string, token = ana.token, ledger = L) =>
    t.request({ method: 'GET', url: `/api/ledgers/${ledger}/reportes/mensual${query}`, token });

  it('the workbook: six sheets, every figure of the hand-computed month, numbers as numbers, dates as dates, RFC 5987 name', async () => {
    const res = await get(`?mes=${MES}&formato=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="arbitraje-Caja Nandu-2-${MES}.xlsx"; filename*=UTF-8''arbitraje-Caja%20%C3%91and%C3%BA-2-${MES}.xlsx`,
    );
    const wb = await openWorkbook(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Resumen', 'Diario', 'Operaciones', 'Cuentas', 'Movimientos', 'Socios']);
    const r = wb.getWorksheet('Resumen')!;
    expect(figure(r, 'Registro')).toBe('Caja Ñandú/2');
    expect(figure(r, 'Desde')).toEqual(day('2026-03-01'));
    expect(figure(r, 'Hasta')).toEqual(day('2026-03-31'));
    const expected: Record<string, number> = {
      Operaciones: 3,
      'USD vendidos': 130, // 100 + 10 + 20
      'USD comprados': 130,
      'Tasa venta promedio (Bs)': 40.7692, // (4050 + 410 + 840) / 130 = 5300 / 130
      'Tasa compra promedio (Bs)': 40.1538, // (4000 + 400 + 820) / 130 = 5220 / 130
      'Ganancia realizada (Bs)': 75.9, // 50 + 5,90 + 20
      'Ganancia realizada (USD)': 1.89, // 1,25 + 0,15 + 0,49
      'Comisiones (USD)': 0.1,
      'Movimientos netos (Bs)': 0,
      'Movimientos netos (USD)': 100,
      'Saldo inicial (Bs)': 1000,
      'Saldo inicial (USD)': 500,
      'Saldo final (Bs)': 1080, // 1000 + 5300 − 5220
      'Saldo final (USD)': 599.9, // 500 − 130 + 130 − 0,10 + 100
      'Patrimonio inicial (USD)': 525, // 500 + 1000 / 40 (paralelo of 02-28, carried from 02-27)
      'Patrimonio final (USD)': 623.9, // 599,90 + 1080 / 45 (paralelo of 03-31, carried from 03-20)
    };
    for (const [label, value] of Object.entries(expected)) expect([label, figure(r, label)]).toEqual([label, value]);

    const d = wb.getWorksheet('Diario')!;
    expect(values(d, 1)[0]).toBe('Fecha');
    // 03-02: 2 ops, 110/110, 4460/110 = 40,5455, 4400/110 = 40, spread 40,5455/40 − 1 = 1,36 %, 55,90 Bs, 1,40 USD, fee 0,10,
    // closing 1000 + 60 = 1060 Bs, 500 − 0,10 = 499,90 USD, BCV 36, paralelo 40.
    expect(values(d, 2)).toEqual([day('2026-03-02'), 2, 110, 110, 40.5455, 40, 1.36, 55.9, 1.4, 0.1, 1060, 499.9, 36, 40]);
    // 03-15: 42/41 − 1 = 2,44 %; closing 1060 + 20 = 1080 Bs, 499,90 + 100 = 599,90 USD.
    expect(values(d, 3)).toEqual([day('2026-03-15'), 1, 20, 20, 42, 41, 2.44, 20, 0.49, 0, 1080, 599.9, 36, 40]);
    expect(d.getCell('A2').numFmt).toBe('dd/mm/yyyy');
    expect(d.getCell('C2').numFmt).toBe('#,##0.00');

    const o = wb.getWorksheet('Operaciones')!;
    expect(o.rowCount).toBe(4);
    const t2 = values(o, 3);
    // 14:00 UTC is 10:00 in Caracas; the note stays text with the Text format.
    expect(t2.slice(0, 12)).toEqual([
      day('2026-03-02'),
      new Date('2026-03-02T10:00:00.000Z'),
      'Venta y compra',
      10,
      41,
      410,
      10,
      40,
      400,
      5.9,
      0.15,
      0.1,
    ]);
    // Notes come after the paralelo the row met and its margin (none here: no rate stored when the rows were made).
    expect([o.getCell(3, 19).value, o.getCell(3, 20).value]).toEqual([null, null]);
    const note = o.getCell(3, 21);
    expect(note.value).toBe(HYPERLINK);
    expect(note.type).toBe(ExcelJS.ValueType.String);
    expect(note.numFmt).toBe('@');

    const mv = wb.getWorksheet('Movimientos')!;
    expect(values(mv, 2).slice(2, 9)).toEqual(['Aporte', 'USD', 100, 0, null, 'Sin asignar', 'Ana'].map((v) => v ?? undefined));
    expect(mv.getCell(2, 12).value).toBe('+58 412');
    expect(mv.getCell(2, 12).numFmt).toBe('@');

    const s = wb.getWorksheet('Socios')!;
    // Nothing closed: §22's preview of 03-01…03-31 (today is later), "sin cerrar" (DESIGN §28). Equity 02-28: 0; 03-31:
    // 599,90 + 1080 / 45 = 623,90; result 623,90 − 0 − 100 = 523,90 (the 03-01 base set by hand counts in it), all Ana's.
    expect(values(s, 3)).toEqual(['Período 01/03/2026 – 31/03/2026', 'Vista previa sin cerrar']);
    const socio = Array.from({ length: s.rowCount }, (_, i) => values(s, i + 1)).find((v) => v[0] === 'Ana');
    expect(socio?.slice(0, 7)).toEqual(['Ana', 0, 100, 0, 1, 523.9, 623.9]);
    expect(figure(r, 'Ana')).toBe(523.9);

    // No formula anywhere in the file.
    for (const ws of wb.worksheets)
      ws.eachRow((row) =>
        row.eachCell((c) => {
          expect(c.type).not.toBe(ExcelJS.ValueType.Formula);
        }),
      );
  });

  it('the PDF: %PDF, its text in es-ES with accents and ñ, "Página 1 de n"', async () => {
    const res = await get(`?mes=${MES}&formato=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="arbitraje-Caja Nandu-2-${MES}.pdf"; filename*=UTF-8''arbitraje-Caja%20%C3%91and%C3%BA-2-${MES}.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Informe mensual · marzo de 2026');
    expect(text).toContain('Caja Ñandú/2');
    expect(text).toMatch(/Ganancia realizada \(USD\)\s+1,89/);
    expect(text).toMatch(/Saldo final \(Bs\)\s+1\.080,00/);
    expect(text).toMatch(/Tasa venta promedio \(Bs\)\s+40,7692/);
    expect(text).toContain('Página 1 de');
    expect(text).toContain('02/03/2026');
  });

  it('the figures for the page (formato=json)', async () => {
    const res = await get(`?mes=${MES}&formato=json`);
    expect(res.statusCode, res.body).toBe(200);
    const j = res.json();
    expect(j.resumen).toMatchObject({
      operaciones: 3,
      ganancia_usd: 1.89,
      saldo_final_ves: 1080,
      patrimonio_final: { usd: 623.9, tasa: 45 },
    });
    expect(j.dias.map((x: { fecha: string; ganancia_usd: number }) => [x.fecha, x.ganancia_usd])).toEqual([
      ['2026-03-02', 1.4],
      ['2026-03-15', 0.49],
    ]);
  });

  it('a month with nothing is an empty but valid report; the balances carry', async () => {
    const res = await get('?mes=2026-04&formato=xlsx');
    expect(res.statusCode).toBe(200);
    const wb = await openWorkbook(res.rawPayload);
    const r = wb.getWorksheet('Resumen')!;
    expect(figure(r, 'Operaciones')).toBe(0);
    expect(figure(r, 'Saldo inicial (Bs)')).toBe(1080);
    expect(figure(r, 'Saldo final (USD)')).toBe(599.9);
    expect(values(wb.getWorksheet('Diario')!, 2)).toEqual(['Sin operaciones en este mes']);
    const pdf = await get('?mes=2026-04&formato=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Sin operaciones en este mes');
  });

  it('bad input gets Spanish 400s; outside the ledger 404; a viewer reads', async () => {
    for (const q of ['?mes=2026-13', '?mes=26-03', '?mes=2026-3', '?mes=', '', `?mes=${'9'.repeat(5000)}`]) {
      const res = await get(q);
      expect([q, res.statusCode, res.json().code]).toEqual([q, 400, 'VALIDATION_ERROR']);
      expect(res.json().error).toBe('El mes debe tener el formato AAAA-MM (por ejemplo 2026-11)');
    }
    const future = await get('?mes=2099-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('El mes debe estar entre 2000-01 y el mes actual');
    expect((await get('?mes=1999-12')).statusCode).toBe(400);
    const fmt = await get(`?mes=${MES}&formato=docx`);
    expect(fmt.statusCode).toBe(400);
    expect(fmt.json().error).toBe('El formato debe ser xlsx, pdf o json');

    const beto = await createUser(t, { name: 'Beto' });
    const outsider = await get(`?mes=${MES}`, beto.token);
    expect(outsider.statusCode).toBe(404);
    expect((await get(`?mes=${MES}`, beto.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/ledgers/${L}/reportes/mensual?mes=${MES}` })).statusCode).toBe(401);

    await addMember(t, L, beto.id);
    await t.database.pool.query('update ledger_members set solo_lectura = true where ledger_id = $1 and user_id = $2', [L, beto.id]);
    const viewer = await get(`?mes=${MES}&formato=pdf`, beto.token);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toBe('application/pdf');
  });

  it('while a PDF and a workbook are made, another user is answered promptly (the work is off the event loop or sliced)', async () => {
    const other = await createUser(t, { name: 'Otra' });
    const reports = [get(`?mes=${MES}&formato=pdf`), get(`?mes=${MES}&formato=xlsx`), get(`?mes=${MES}&formato=pdf`)];
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const res = await t.request({ method: 'GET', url: '/api/ledgers', token: other.token });
      times.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
    }
    for (const r of await Promise.all(reports)) expect(r.statusCode).toBe(200);
    // A sanity bound on a shared 2-core machine; the proof that the PDF is off the loop is pdf-renderer.test.ts.
    expect(Math.max(...times)).toBeLessThan(1000);
  });
});
