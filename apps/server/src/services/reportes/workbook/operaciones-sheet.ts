import { messages as base, reportesMessages } from '@arb/shared';
import type { MonthOperacion } from '../month-report.ts';
import { dayCell, FMT, num, wallClock } from './cells.ts';
import type { Column } from './table.ts';

/** The shared texts and the reports' own (reportesMessages), by key. */
const m = { ...base, ...reportesMessages };

/** "Venta", "Compra" or "Venta y compra": which sides the row has. */
function tipo(r: MonthOperacion): string {
  const v = Number(r.venta) > 0;
  const c = Number(r.compra) > 0;
  return v && c ? m.reporteTipoAmbas : v ? m.reporteTipoVenta : m.reporteTipoCompra;
}

/** The Operaciones sheet (DESIGN §25): every row of the month, in the days' order. */
export function operacionesColumns(timeZone: string): Column<MonthOperacion>[] {
  return [
    { header: m.reporteFecha, width: 12, numFmt: FMT.date, value: (r) => dayCell(r.fecha) },
    { header: m.reporteHora, width: 8, numFmt: FMT.time, value: (r) => wallClock(r.ocurrido_en, timeZone) },
    { header: m.reporteTipo, width: 14, value: tipo },
    { header: m.reporteVenta, width: 13, numFmt: FMT.usd, value: (r) => num(r.venta) },
    { header: m.reporteTasaVenta, width: 14, numFmt: FMT.rate, value: (r) => num(r.tasa_venta, 4) },
    { header: m.reporteBsRecibidos, width: 16, numFmt: FMT.usd, value: (r) => num(r.bs_recibidos) },
    { header: m.reporteCompra, width: 13, numFmt: FMT.usd, value: (r) => num(r.compra) },
    { header: m.reporteTasaCompra, width: 14, numFmt: FMT.rate, value: (r) => num(r.tasa_compra, 4) },
    { header: m.reporteBsPagados, width: 16, numFmt: FMT.usd, value: (r) => num(r.bs_pagados) },
    { header: m.reporteGananciaFilaBs, width: 14, numFmt: FMT.usd, value: (r) => num(r.ganancia_ves) },
    { header: m.reporteGananciaFilaUsd, width: 13, numFmt: FMT.usd, value: (r) => num(r.ganancia_usd) },
    { header: m.reporteComision, width: 13, numFmt: FMT.fee, value: (r) => num(r.comision_usd, 8) },
    { header: m.reporteCuentaVes, width: 18, value: (r) => r.cuenta_ves },
    { header: m.reporteCuentaUsd, width: 18, value: (r) => r.cuenta_usd },
    { header: m.reporteOrigen, width: 12, value: (r) => (r.origen === 'binance_p2p' ? m.xlsOrigenBinance : m.xlsOrigenManual) },
    // Text, never a number: a Binance order number has ~20 digits (docs/product.md#binance-import).
    { header: m.reporteReferencia, width: 24, value: (r) => r.referencia },
    { header: m.reporteRegistradoPor, width: 18, value: (r) => r.autor ?? m.deletedUser },
    { header: m.reporteVerificada, width: 10, value: (r) => (r.verificada ? m.xlsYes : m.xlsNo) },
    // §24: the parallel rate the row met (its `mercado` stamp) and its margin against it (month-margins.ts).
    { header: m.reporteParaleloMercado, width: 14, numFmt: FMT.rate, value: (r) => num(r.paralelo_mercado, 4) },
    { header: m.reporteMargen, width: 12, numFmt: FMT.pct, value: (r) => num(r.margen) },
    { header: m.reporteNotas, width: 40, value: (r) => r.notas },
  ];
}
