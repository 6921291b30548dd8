import { reportesMessages as m } from '@arb/shared';
import type { MonthDia } from '../month-report.ts';
import { dayCell, FMT, num } from './cells.ts';
import type { Column } from './table.ts';

/** The Diario sheet (DESIGN §25): one row per day of the month with operations or movements. */
export const DIARIO_COLUMNS: Column<MonthDia>[] = [
  { header: m.reporteFecha, width: 12, numFmt: FMT.date, value: (d) => dayCell(d.fecha) },
  { header: m.reporteOperaciones, width: 12, numFmt: FMT.int, value: (d) => d.operaciones },
  { header: m.reporteUsdVendidos, width: 14, numFmt: FMT.usd, value: (d) => num(d.venta) },
  { header: m.reporteUsdComprados, width: 14, numFmt: FMT.usd, value: (d) => num(d.compra) },
  { header: m.reporteTasaVentaPromedio, width: 16, numFmt: FMT.rate, value: (d) => num(d.tasa_venta_promedio, 4) },
  { header: m.reporteTasaCompraPromedio, width: 16, numFmt: FMT.rate, value: (d) => num(d.tasa_compra_promedio, 4) },
  { header: m.reporteSpread, width: 11, numFmt: FMT.pct, value: (d) => num(d.spread) },
  { header: m.reporteGananciaFilaBs, width: 16, numFmt: FMT.usd, value: (d) => num(d.ganancia_ves) },
  { header: m.reporteGananciaFilaUsd, width: 14, numFmt: FMT.usd, value: (d) => num(d.ganancia_usd) },
  { header: m.reporteComisiones, width: 14, numFmt: FMT.fee, value: (d) => num(d.comisiones, 8) },
  { header: m.reporteSaldoVes, width: 18, numFmt: FMT.usd, value: (d) => num(d.saldo_ves) },
  { header: m.reporteSaldoUsd, width: 16, numFmt: FMT.usd, value: (d) => num(d.saldo_usd) },
  { header: m.reporteBcv, width: 12, numFmt: FMT.rate, value: (d) => num(d.rates.oficial, 4) },
  { header: m.reporteParalelo, width: 12, numFmt: FMT.rate, value: (d) => num(d.rates.paralelo, 4) },
  // §24: the day's USD-weighted margin vs the paralelo each row met (the day screen's resumen.margen_promedio).
  { header: m.reporteMargen, width: 12, numFmt: FMT.pct, value: (d) => num(d.margen) },
];
