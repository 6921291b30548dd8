import { formatDayShort, formatMonthLong, formatNumber, formatNumber2, messages as base, reportesMessages, tr } from '@arb/shared';
import type { MonthDia, MonthReport } from '../month-report.ts';
import type { PdfDoc } from './pdf-renderer.ts';
import { sociosPdfBlock } from './socios-pdf.ts';

/** The shared texts and the reports' own (reportesMessages), by key. */
const m = { ...base, ...reportesMessages };

const GREEN = '#2e7d32';
const RED = '#c62828';
const money = (v: string | null) => (v === null ? '—' : formatNumber2(v));
const rate = (v: string | null) => (v === null ? '—' : formatNumber(v, 2, 4));
const right = (text: string) => ({ text, alignment: 'right' });
/** User text (a ledger, account or member name; a note) only ever goes into a text node (DESIGN §28). */
const cell = (text: string | null) => ({ text: text ?? '' });

/** Chart area in points: the landscape A4 width between the margins, a fixed height. */
const CHART_W = 760;
const CHART_H = 120;

/**
 * The daily profit as vector bars (pdfmake canvas): one slot per calendar day, profit above the
 * axis in green, losses below in red, scaled to the largest absolute day. Pure data, no images.
 */
export function profitChart(days: readonly MonthDia[], daysInMonth: number): Record<string, unknown> {
  const values = days.map((d) => ({ day: Number(d.fecha.slice(8)), v: Number(d.ganancia_usd) }));
  const max = Math.max(...values.map((x) => Math.abs(x.v)), 0);
  const hasNeg = values.some((x) => x.v < 0);
  const axisY = hasNeg ? CHART_H / 2 : CHART_H;
  const half = hasNeg ? CHART_H / 2 : CHART_H;
  const slot = CHART_W / daysInMonth;
  const bars = values
    .filter((x) => x.v !== 0 && max > 0)
    .map((x) => {
      const h = Math.max((Math.abs(x.v) / max) * (half - 4), 0.5);
      return {
        type: 'rect',
        x: (x.day - 1) * slot + slot * 0.15,
        y: x.v > 0 ? axisY - h : axisY,
        w: slot * 0.7,
        h,
        color: x.v > 0 ? GREEN : RED,
      };
    });
  return {
    stack: [
      { canvas: [...bars, { type: 'line', x1: 0, y1: axisY, x2: CHART_W, y2: axisY, lineWidth: 0.5, lineColor: '#555555' }] },
      {
        columns: [
          { text: '1', fontSize: 7 },
          { text: String(Math.ceil(daysInMonth / 2)), fontSize: 7, alignment: 'center' },
          { text: String(daysInMonth), fontSize: 7, alignment: 'right' },
        ],
      },
      { text: `máx. ${formatNumber2(max)} USD`, fontSize: 7, color: '#555555' },
    ],
    margin: [0, 4, 0, 10],
  };
}

/**
 * The month's PDF (DESIGN §25, docs/product.md#reportes) as a pdfmake document: title, summary, the
 * daily-profit chart, the daily table (header repeated on each page), per-member and per-account
 * tables. Figures in es-ES; the worker adds "Página x de n".
 */
export function monthPdfDoc(r: MonthReport, daysInMonth: number): PdfDoc {
  const s = r.resumen;
  const equity = (p: MonthReport['resumen']['patrimonio_inicial']) =>
    p.usd === null
      ? tr('reporteFaltaTasa', { fecha: formatDayShort(p.fecha) })
      : `${money(p.usd)} (${tr('reporteTasaDe', { fecha: formatDayShort(p.fecha) })}: ${rate(p.tasa)})`;
  const summary: Array<[string, string]> = [
    [m.reporteOperaciones, String(s.operaciones)],
    [m.reporteUsdVendidos, money(s.venta)],
    [m.reporteUsdComprados, money(s.compra)],
    [m.reporteTasaVentaPromedio, rate(s.tasa_venta_promedio)],
    [m.reporteTasaCompraPromedio, rate(s.tasa_compra_promedio)],
    [m.reporteGananciaBs, money(s.ganancia_ves)],
    [m.reporteGananciaUsd, money(s.ganancia_usd)],
    [m.reporteComisiones, formatNumber(s.comisiones, 2, 8)],
    [m.reporteMargenPromedio, s.margen_promedio === null ? '—' : formatNumber2(s.margen_promedio)],
    [m.reporteMovNetosVes, money(s.mov_netos_ves)],
    [m.reporteMovNetosUsd, money(s.mov_netos_usd)],
    [m.reporteSaldoInicialVes, money(s.saldo_inicial_ves)],
    [m.reporteSaldoInicialUsd, money(s.saldo_inicial_usd)],
    [m.reporteSaldoFinalVes, money(s.saldo_final_ves)],
    [m.reporteSaldoFinalUsd, money(s.saldo_final_usd)],
    [m.reportePatrimonioInicial, equity(s.patrimonio_inicial)],
    [m.reportePatrimonioFinal, equity(s.patrimonio_final)],
  ];
  const header = (cols: string[]) => cols.map((c) => ({ text: c, bold: true, fillColor: '#eeeeee' }));
  const daily = {
    table: {
      headerRows: 1,
      widths: [52, 30, '*', '*', '*', '*', 40, '*', '*', '*', '*'],
      body: [
        header([
          m.reporteFecha,
          m.reporteOperaciones.slice(0, 4) + '.',
          m.reporteUsdVendidos,
          m.reporteUsdComprados,
          m.reporteTasaVenta,
          m.reporteTasaCompra,
          m.reporteSpread,
          m.reporteGananciaFilaBs,
          m.reporteGananciaFilaUsd,
          m.reporteSaldoVes,
          m.reporteSaldoUsd,
        ]),
        ...r.dias.map((d) => [
          formatDayShort(d.fecha),
          right(String(d.operaciones)),
          right(money(d.venta)),
          right(money(d.compra)),
          right(rate(d.tasa_venta_promedio)),
          right(rate(d.tasa_compra_promedio)),
          right(d.spread === null ? '—' : formatNumber2(d.spread)),
          right(money(d.ganancia_ves)),
          { text: money(d.ganancia_usd), alignment: 'right', color: Number(d.ganancia_usd) < 0 ? RED : undefined },
          right(money(d.saldo_ves)),
          right(money(d.saldo_usd)),
        ]),
        [
          { text: m.reporteTotal, bold: true },
          right(String(s.operaciones)),
          right(money(s.venta)),
          right(money(s.compra)),
          right(rate(s.tasa_venta_promedio)),
          right(rate(s.tasa_compra_promedio)),
          '',
          right(money(s.ganancia_ves)),
          { text: money(s.ganancia_usd), bold: true, alignment: 'right' },
          '',
          '',
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 7.5,
  };
  const cuentas = {
    table: {
      headerRows: 1,
      widths: ['*', 40, 70, 75, 75, 75, 75, 60],
      body: [
        header([
          m.reporteCuenta,
          m.reporteMoneda,
          m.reporteTitular,
          m.reporteApertura,
          m.reporteEntradas,
          m.reporteSalidas,
          m.reporteCierre,
          m.reporteUltimoCuadre,
        ]),
        ...r.cuentas.map((c) => [
          cell(c.archivada ? `${c.nombre} (${m.reporteArchivada})` : c.nombre),
          c.moneda,
          cell(c.titular),
          right(money(c.apertura)),
          right(money(c.entradas)),
          right(money(c.salidas)),
          right(money(c.cierre)),
          c.cuadre ? formatDayShort(c.cuadre.fecha) : '—',
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [40, 36, 40, 40],
    info: { title: `${m.reporteTitulo} ${r.mes}`, creator: m.exportSheetTitle },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: `${m.reporteTitulo} · ${formatMonthLong(r.mes)}`, fontSize: 16, bold: true },
      { text: r.ledgerName, fontSize: 11, margin: [0, 2, 0, 8] },
      {
        table: { widths: [200, '*'], body: summary.map(([a, b]) => [a, { text: b, bold: true }]) },
        layout: 'noBorders',
        margin: [0, 0, 0, 8],
      },
      { text: m.reporteGananciaDiaria, bold: true, margin: [0, 4, 0, 2] },
      profitChart(r.dias, daysInMonth),
      { text: m.reporteSheetDiario, bold: true, margin: [0, 6, 0, 2] },
      r.dias.length > 0 ? daily : { text: m.reporteSinOperaciones, italics: true },
      { text: m.reportePorSocio, bold: true, margin: [0, 10, 0, 2] },
      ...sociosPdfBlock(r.socios),
      { text: m.reportePorCuenta, bold: true, margin: [0, 10, 0, 2] },
      r.cuentas.length > 0 ? cuentas : { text: '—' },
    ],
  };
}
