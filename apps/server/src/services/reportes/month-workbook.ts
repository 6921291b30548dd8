import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { messages as base, reportesMessages } from '@arb/shared';
import type { MonthReport } from './month-report.ts';
import { writeRow } from './workbook/cells.ts';
import { CUENTAS_COLUMNS } from './workbook/cuentas-sheet.ts';
import { DIARIO_COLUMNS } from './workbook/diario-sheet.ts';
import { movimientosColumns } from './workbook/movimientos-sheet.ts';
import { operacionesColumns } from './workbook/operaciones-sheet.ts';
import { writeResumen } from './workbook/resumen-sheet.ts';
import { writeSocios } from './workbook/socios-sheet.ts';
import { setColumns, writeTable, type Column } from './workbook/table.ts';

/** The shared texts and the reports' own (reportesMessages), by key. */
const m = { ...base, ...reportesMessages };

/**
 * Streams the month's workbook (DESIGN §25, docs/product.md#reportes) with exceljs' streaming
 * writer: Resumen, Diario, Operaciones, Cuentas, Movimientos and Socios, each row committed as it
 * is written. Every cell is a value (numbers with formats, dates as dates, texts as strings, never
 * a formula). It runs in an export worker (services/export/export-pool.ts, decision 0057) on the
 * report the main thread read; the unit tests call it directly.
 */
export function streamMonthWorkbook(report: MonthReport, timeZone: string): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = m.exportSheetTitle;
  const frozen = { views: [{ state: 'frozen' as const, ySplit: 1 }] };
  const table = async <T>(name: string, columns: Column<T>[], rows: readonly T[]) => {
    const ws = wb.addWorksheet(name, frozen);
    setColumns(ws, columns);
    await writeTable(ws, columns, rows);
    if (rows.length === 0) writeRow(ws, [m.reporteSinOperaciones]);
    ws.commit();
  };
  const write = async () => {
    const resumen = wb.addWorksheet(m.reporteSheetResumen);
    writeResumen(resumen, report);
    resumen.commit();
    await table(m.reporteSheetDiario, DIARIO_COLUMNS, report.dias);
    await table(m.reporteSheetOperaciones, operacionesColumns(timeZone), report.operaciones);
    await table(m.reporteSheetCuentas, CUENTAS_COLUMNS, report.cuentas);
    await table(m.reporteSheetMovimientos, movimientosColumns(timeZone), report.movimientos);
    const socios = wb.addWorksheet(m.reporteSheetSocios);
    await writeSocios(socios, report.socios);
    socios.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
