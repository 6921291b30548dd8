import type ExcelJS from 'exceljs';
import { formatDayShort, messages as base, reportesMessages, tr } from '@arb/shared';
import type { MonthReport, Patrimonio } from '../month-report.ts';
import { dayCell, FMT, num, writeRow } from './cells.ts';
import { nombreSocio } from './socios-sheet.ts';

/** The shared texts and the reports' own (reportesMessages), by key. */
const m = { ...base, ...reportesMessages };

/** The Resumen sheet (DESIGN §25): labelled figures in A–B, rates or notes beside them. */
export function writeResumen(ws: ExcelJS.Worksheet, r: MonthReport): void {
  ws.columns = [{ width: 34 }, { width: 20 }, { width: 16 }, { width: 34 }];
  const s = r.resumen;
  const fig = (label: string, value: number | null, fmt: string) => writeRow(ws, [label, value], { formats: [undefined, fmt] });
  const equity = (label: string, p: Patrimonio) => {
    // dd/mm/aaaa, as the PDF, the page and the Socios sheet write the day (formatDayShort), never the ISO key.
    const fecha = formatDayShort(p.fecha);
    const note = p.tasa ? tr('reporteTasaDe', { fecha }) : tr('reporteFaltaTasa', { fecha });
    writeRow(ws, [label, num(p.usd), num(p.tasa, 4), note], { formats: [undefined, FMT.usd, FMT.rate] });
  };
  writeRow(ws, [m.reporteTitulo], { bold: true });
  writeRow(ws, [m.reporteRegistro, r.ledgerName]);
  writeRow(ws, [m.reporteMes, r.mes]);
  writeRow(ws, [m.reporteDesde, dayCell(r.desde)], { formats: [undefined, FMT.date] });
  writeRow(ws, [m.reporteHasta, dayCell(r.hasta)], { formats: [undefined, FMT.date] });
  writeRow(ws, []);
  fig(m.reporteOperaciones, s.operaciones, FMT.int);
  fig(m.reporteUsdVendidos, num(s.venta), FMT.usd);
  fig(m.reporteUsdComprados, num(s.compra), FMT.usd);
  fig(m.reporteTasaVentaPromedio, num(s.tasa_venta_promedio, 4), FMT.rate);
  fig(m.reporteTasaCompraPromedio, num(s.tasa_compra_promedio, 4), FMT.rate);
  fig(m.reporteGananciaBs, num(s.ganancia_ves), FMT.usd);
  fig(m.reporteGananciaUsd, num(s.ganancia_usd), FMT.usd);
  fig(m.reporteComisiones, num(s.comisiones, 8), FMT.fee);
  fig(m.reporteMargenPromedio, num(s.margen_promedio), FMT.pct);
  fig(m.reporteMovNetosVes, num(s.mov_netos_ves), FMT.usd);
  fig(m.reporteMovNetosUsd, num(s.mov_netos_usd), FMT.usd);
  fig(m.reporteSaldoInicialVes, num(s.saldo_inicial_ves), FMT.usd);
  fig(m.reporteSaldoInicialUsd, num(s.saldo_inicial_usd), FMT.usd);
  fig(m.reporteSaldoFinalVes, num(s.saldo_final_ves), FMT.usd);
  fig(m.reporteSaldoFinalUsd, num(s.saldo_final_usd), FMT.usd);
  equity(m.reportePatrimonioInicial, s.patrimonio_inicial);
  equity(m.reportePatrimonioFinal, s.patrimonio_final);
  writeRow(ws, []);
  // "Resultado por socio" is §22's resultado_usd (DESIGN §28): from the Socios section, one source.
  writeRow(ws, [m.reporteResultadoPorSocio], { bold: true });
  writeRow(ws, [m.reporteSocio, m.reporteResultadoSocio], { bold: true });
  for (const so of r.socios.resultados) writeRow(ws, [nombreSocio(so), num(so.resultado_usd)], { formats: [undefined, FMT.usd] });
  // No liquidación to show (a rate missing, or nothing to settle): the Socios sheet says why.
  for (const p of r.socios.periodos) if (p.faltaTasa) writeRow(ws, [p.faltaTasa]);
  writeRow(ws, []);
  writeRow(ws, [m.reporteGananciaPorAutor], { bold: true });
  writeRow(ws, [m.reporteAutor, m.reporteGananciaUsd, m.reporteOperaciones], { bold: true });
  for (const a of r.autores)
    writeRow(ws, [a.nombre ?? m.deletedUser, num(a.ganancia_usd), a.operaciones], { formats: [undefined, FMT.usd, FMT.int] });
}
