import type ExcelJS from 'exceljs';
import { reportesMessages as m } from '@arb/shared';
import type { SocioLinea, SociosSeccion } from '../month-socios.ts';
import { dayCell, FMT, num, writeRow } from './cells.ts';
import { writeTable, type Column } from './table.ts';

/** The partners' table: §22's figures per member (resultado from the liquidación, once wired in). */
export const SOCIOS_COLUMNS: Column<SocioLinea>[] = [
  { header: m.reporteSocio, width: 22, value: (s) => s.nombre },
  { header: m.reporteCapitalInicial, width: 18, numFmt: FMT.usd, value: (s) => num(s.capital_inicial) },
  { header: m.reporteAportes, width: 16, numFmt: FMT.usd, value: (s) => num(s.aportes) },
  { header: m.reporteRetiros, width: 16, numFmt: FMT.usd, value: (s) => num(s.retiros) },
  { header: m.reporteCapitalFinal, width: 18, numFmt: FMT.usd, value: (s) => num(s.capital_final) },
  { header: m.reporteResultadoSocio, width: 16, numFmt: FMT.usd, value: (s) => num(s.resultado) },
];

/** The Socios sheet (DESIGN §25, §28): the period, "sin cerrar" when it is a preview, the table and the notices. */
export async function writeSocios(ws: ExcelJS.Worksheet, s: SociosSeccion): Promise<void> {
  ws.columns = SOCIOS_COLUMNS.map((c) => ({ width: c.width }));
  writeRow(ws, [m.reporteSheetSocios, s.cerrado ? null : m.reporteSinCerrar], { bold: true });
  writeRow(ws, [m.reporteDesde, dayCell(s.desde)], { formats: [undefined, FMT.date] });
  writeRow(ws, [m.reporteHasta, dayCell(s.hasta)], { formats: [undefined, FMT.date] });
  writeRow(ws, []);
  await writeTable(ws, SOCIOS_COLUMNS, s.socios);
  writeRow(ws, []);
  for (const aviso of s.avisos) writeRow(ws, [aviso]);
  if (s.socios.some((x) => x.resultado === null)) writeRow(ws, [m.reporteSociosPendiente]);
}
