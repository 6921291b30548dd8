import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { MonthReport } from './month-report.ts';
import { streamMonthWorkbook } from './month-workbook.ts';

const day = (d: string) => new Date(`${d}T00:00:00.000Z`);

/** A month by hand, with hostile names: every text a user typed that starts like a formula. */
const report: MonthReport = {
  ledgerName: '=HYPERLINK("http://x","caja")',
  mes: '2026-03',
  desde: '2026-03-01',
  hasta: '2026-03-31',
  usesCuentas: true,
  resumen: {
    operaciones: 1,
    venta: '100.00',
    compra: '0.00',
    tasa_venta_promedio: '40.5000',
    tasa_compra_promedio: '0.0000',
    ganancia_ves: '4050.00',
    ganancia_usd: '100.00',
    comisiones: '0.12345678',
    mov_netos_ves: '-1.50',
    mov_netos_usd: '0.00',
    saldo_inicial_ves: '1000.00',
    saldo_inicial_usd: '500.00',
    saldo_final_ves: '5048.50',
    saldo_final_usd: '399.88',
    patrimonio_inicial: { fecha: '2026-02-28', tasa: null, usd: null },
    patrimonio_final: { fecha: '2026-03-31', tasa: '45.0000', usd: '512.07' },
    margen_promedio: null,
  },
  dias: [],
  operaciones: [],
  cuentas: [
    // Banesco: 1000 + 4050 − 501,50 = 4548,50; its last cuadre 4540 real, −8,50.
    {
      id: 'c1',
      nombre: '+Banesco',
      moneda: 'VES',
      tipo: 'banco',
      titular: '@ana',
      archivada: false,
      apertura: '1000.00',
      entradas: '4050.00',
      salidas: '501.50',
      cierre: '4548.50',
      cuadre: { fecha: '2026-03-20', saldo_real: '4540.00', diferencia: '-8.50' },
    },
    {
      id: 'c2',
      nombre: 'Vieja',
      moneda: 'USD',
      tipo: 'zelle',
      titular: null,
      archivada: true,
      apertura: '10.00',
      entradas: '0',
      salidas: '0',
      cierre: '10.00',
      cuadre: null,
    },
  ],
  movimientos: [],
  // A preview whose opening rate is missing (DESIGN §28): the sheet says so instead of failing.
  socios: {
    periodos: [{ desde: '2026-03-01', hasta: '2026-03-31', cerrado: false, liquidacion: null, faltaTasa: 'Falta la tasa del 28/02/2026' }],
    resultados: [{ userId: 'u1', nombre: '-Beto', ex_miembro: false, resultado_usd: '12.34' }],
  },
  autores: [{ nombre: '=1+1', operaciones: 1, ganancia_usd: '100.00' }],
};

async function read(r: MonthReport): Promise<ExcelJS.Workbook> {
  const chunks: Buffer[] = [];
  for await (const c of streamMonthWorkbook(r, 'America/Caracas')) chunks.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}
const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('streamMonthWorkbook (DESIGN §25, §28)', () => {
  it('Cuentas and Socios sheets: every figure as a number, dates as dates, the preview marked and its notices', async () => {
    const wb = await read(report);
    const c = wb.getWorksheet('Cuentas')!;
    expect(values(c, 2)).toEqual(['+Banesco', 'VES', 'Banco', '@ana', 1000, 4050, 501.5, 4548.5, day('2026-03-20'), 4540, -8.5]);
    expect(values(c, 3).slice(0, 8)).toEqual(['Vieja (archivada)', 'USD', 'Zelle', undefined, 10, 0, 0, 10]);
    expect(c.getCell('I2').numFmt).toBe('dd/mm/yyyy');
    const s = wb.getWorksheet('Socios')!;
    expect(values(s, 1)).toEqual(['Socios']);
    expect(values(s, 3)).toEqual(['Período 01/03/2026 – 31/03/2026', 'Vista previa sin cerrar']);
    expect(values(s, 4)).toEqual(['Desde', day('2026-03-01')]);
    expect(values(s, 5)).toEqual(['Hasta', day('2026-03-31')]);
    expect(values(s, 6)).toEqual(['Falta la tasa del 28/02/2026']);
    const r = wb.getWorksheet('Resumen')!;
    const byLabel = new Map<unknown, unknown[]>();
    r.eachRow((row) => byLabel.set(row.getCell(1).value, values(r, row.number)));
    expect(byLabel.get('Comisiones (USD)')).toEqual(['Comisiones (USD)', 0.12345678]);
    expect(byLabel.get('Patrimonio inicial (USD)')).toEqual([
      'Patrimonio inicial (USD)',
      undefined,
      undefined,
      'Falta la tasa del 28/02/2026',
    ]);
    expect(byLabel.get('Patrimonio final (USD)')).toEqual(['Patrimonio final (USD)', 512.07, 45, 'Tasa paralela del 31/03/2026']);
    expect(byLabel.get('-Beto')).toEqual(['-Beto', 12.34]);
  });

  it("the Resumen's equity notes write their day as dd/mm/aaaa, as the PDF and the page do (never the ISO key)", async () => {
    const r = (await read(report)).getWorksheet('Resumen')!;
    const notes: unknown[] = [];
    r.eachRow((row) => {
      if (String(row.getCell(1).value).startsWith('Patrimonio')) notes.push(row.getCell(4).value);
    });
    expect(notes).toEqual(['Falta la tasa del 28/02/2026', 'Tasa paralela del 31/03/2026']);
  });

  it('every text a user typed that starts with =, +, - or @ is a string cell with the Text format; no cell is a formula', async () => {
    const wb = await read(report);
    const hostile = /^[=+\-@]/;
    let texts = 0;
    for (const ws of wb.worksheets)
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string' && hostile.test(cell.value)) {
            texts++;
            expect([ws.name, cell.address, cell.type, cell.numFmt]).toEqual([ws.name, cell.address, ExcelJS.ValueType.String, '@']);
          }
        }),
      );
    // The ledger's name, +Banesco, @ana, -Beto (Resumen's "Resultado por socio"), =1+1.
    expect(texts).toBe(5);
    expect(wb.getWorksheet('Resumen')!.getCell('B2').value).toBe('=HYPERLINK("http://x","caja")');
  });
});
