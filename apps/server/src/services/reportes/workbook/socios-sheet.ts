import type ExcelJS from 'exceljs';
import { formatDayShort, messages, reportesMessages, tr, transferenciaTexto, type LiquidacionResponse } from '@arb/shared';
import type { SociosPeriodo, SociosSeccion } from '../month-socios.ts';
import { dayCell, FMT, writeRow } from './cells.ts';
import { writeTable, type Column } from './table.ts';

/** The sheet reads the reports' texts and the Socios page's ("(ex socio)"). */
const m = { ...messages, ...reportesMessages };

type SocioLiquidacion = LiquidacionResponse['socios'][number];

/** A member's name, "(ex socio)" when they left (DESIGN §28 "Former partners"). */
export const nombreSocio = (s: { user_name?: string; nombre?: string; ex_miembro?: boolean }): string => {
  const nombre = s.user_name ?? s.nombre ?? '';
  return s.ex_miembro ? `${nombre} ${m.sociosExSocio}` : nombre;
};

/** §22's figures per member, as the liquidación answers them (cents; participación a fraction shown in %). */
export const SOCIOS_COLUMNS: Column<SocioLiquidacion>[] = [
  { header: m.reporteSocio, width: 22, value: nombreSocio },
  { header: m.reporteCapitalInicial, width: 18, numFmt: FMT.usd, value: (s) => s.capital_inicial_usd },
  { header: m.reporteAportes, width: 16, numFmt: FMT.usd, value: (s) => s.aportes_usd },
  { header: m.reporteRetiros, width: 16, numFmt: FMT.usd, value: (s) => s.retiros_usd },
  // A fraction with a percent format: Excel shows 0.25 as "25,0000 %", the exact 6-decimal share kept.
  { header: m.reporteParticipacion, width: 16, numFmt: '0.0000%', value: (s) => s.participacion },
  { header: m.reporteResultadoSocio, width: 16, numFmt: FMT.usd, value: (s) => s.resultado_usd },
  { header: m.reporteCapitalFinal, width: 18, numFmt: FMT.usd, value: (s) => s.capital_final_usd },
  { header: m.reporteEnSuPoder, width: 16, numFmt: FMT.usd, value: (s) => s.en_su_poder_usd },
  { header: m.reporteDiferencia, width: 16, numFmt: FMT.usd, value: (s) => s.diferencia_usd },
];

async function writePeriodo(ws: ExcelJS.Worksheet, p: SociosPeriodo): Promise<void> {
  const periodo = tr('reportePeriodo', { desde: formatDayShort(p.desde), hasta: formatDayShort(p.hasta) });
  writeRow(ws, [periodo, p.cerrado ? m.reporteCerrado : m.reporteSinCerrar], { bold: true });
  writeRow(ws, [m.reporteDesde, dayCell(p.desde)], { formats: [undefined, FMT.date] });
  writeRow(ws, [m.reporteHasta, dayCell(p.hasta)], { formats: [undefined, FMT.date] });
  const l = p.liquidacion;
  if (!l) {
    writeRow(ws, [p.faltaTasa]);
    writeRow(ws, []);
    return;
  }
  const fig = (label: string, value: number | null, fmt: string) => writeRow(ws, [label, value], { formats: [undefined, fmt] });
  fig(m.reporteTasaInicial, l.tasas.inicial.tasa, FMT.rate);
  fig(m.reporteTasaFinal, l.tasas.final.tasa, FMT.rate);
  fig(m.reportePatrimonioInicial, l.patrimonio_inicial_usd, FMT.usd);
  fig(m.reportePatrimonioFinal, l.patrimonio_final_usd, FMT.usd);
  fig(m.reporteAportes, l.aportes_usd, FMT.usd);
  fig(m.reporteRetiros, l.retiros_usd, FMT.usd);
  fig(m.reporteResultadoPeriodo, l.resultado_usd, FMT.usd);
  fig(m.reporteGananciaUsd, l.ganancia_realizada_usd, FMT.usd);
  fig(m.reporteComisionOperador, l.comision_operador_usd, FMT.usd);
  writeRow(ws, []);
  await writeTable(ws, SOCIOS_COLUMNS, l.socios);
  // The transfers as the Socios page says them ("Beto transfiere 120,00 USD (4.740,00 Bs) a Ana").
  for (const x of l.transferencias) writeRow(ws, [transferenciaTexto(x)]);
  for (const aviso of l.avisos) writeRow(ws, [aviso]);
  writeRow(ws, []);
}

/**
 * The Socios sheet (DESIGN §25, §28): one block per period — each closed liquidación overlapping the
 * month, then the preview "sin cerrar" — with its rates, equity, result, the per-member table, the
 * transfers and the notices; a missing rate writes "Falta la tasa del {fecha}" in its place.
 */
export async function writeSocios(ws: ExcelJS.Worksheet, s: SociosSeccion): Promise<void> {
  ws.columns = SOCIOS_COLUMNS.map((c) => ({ width: c.width }));
  writeRow(ws, [m.reporteSheetSocios], { bold: true });
  writeRow(ws, []);
  if (s.periodos.length === 0) writeRow(ws, [m.reporteSinLiquidacion]);
  for (const p of s.periodos) await writePeriodo(ws, p);
}
