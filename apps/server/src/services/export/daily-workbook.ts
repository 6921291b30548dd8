import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Big, messages, toBig, toNumber } from '@arb/shared';
import type { computeLedgerDay } from '../balances/day-balances.ts';
import type { CuentasDayFigures } from '../cuentas/cuentas-day.ts';

/**
 * The day's workbook as bytes (docs/product.md#rates-and-export): pure, no I/O, so it runs in an
 * export worker (export-pool.ts, decision 0057) on plain data the main thread read
 * (daily-export.ts' loadDailyExport). Importing it must not load the database layer.
 */

const USD = '#,##0.00';
const FEE = '#,##0.00######';
const RATE = '#,##0.0000';
/** Excel's Text format: what is typed into such a cell stays text, never a formula. */
export const TEXT = '@';
/** A leading character that makes a typed cell a formula in Excel or LibreOffice. */
export const FORMULA_START = /^[=+\-@]/;
const m = messages;

/** An exact decimal string as a cell number rounded to its scale. */
const n = (value: string, dp = 2): number => toNumber(toBig(value), dp);

type DayData = Awaited<ReturnType<typeof computeLedgerDay>>;

/** A row of the day as the file writes it: exact decimal text, the instant as ISO text. */
export type DailyRow = Pick<
  DayData['day']['transacciones_con_acumulados'][number],
  | 'ocurrido_en'
  | 'venta'
  | 'tasa_venta'
  | 'bs_recibidos'
  | 'compra'
  | 'tasa_compra'
  | 'bs_pagados'
  | 'ganancia_transaccion_ves'
  | 'ganancia_transaccion_usd'
  | 'ganancia_acumulada_usd_hasta_esta_transaccion'
  | 'esta_verificada'
  | 'notas'
  | 'author_name'
  | 'comision_usd'
  | 'origen'
  | 'referencia'
  | 'cuenta_ves_id'
  | 'cuenta_usd_id'
>;

/** A movement of the day as the file writes it. */
export type DailyMovimiento = Pick<
  DayData['cuentas']['movimientos'][number],
  'ocurrido_en' | 'tipo' | 'moneda' | 'monto' | 'comision' | 'cuenta_origen_id' | 'cuenta_destino_id' | 'notas'
>;

/**
 * What the file is made of, as plain data (strings for decimals) that crosses to the worker by
 * structured clone: only the fields the sheet writes, so the copy made on the main thread is small.
 */
export interface DailyWorkbookInput {
  ledgerName: string;
  fecha: string;
  /** APP_TIMEZONE: the rows' times are written as that zone's wall clock. */
  timeZone: string;
  base: Pick<DayData['base'], 'saldo_base_ves' | 'saldo_base_usd' | 'heredado_ves' | 'heredado_usd'>;
  rows: DailyRow[];
  resumen: Pick<DayData['day']['resumen'], 'venta_total' | 'compra_total' | 'ganancia_total_ves' | 'ganancia_total_usd'>;
  promedios: Pick<DayData['day']['promedios'], 'tasa_venta_promedio' | 'tasa_compra_promedio'>;
  /** The ledger uses accounts: the rows name theirs (absent: Sin asignar). */
  usesCuentas: boolean;
  /** Every account's name by id, archived ones included (docs/product.md#cuentas-y-movimientos). */
  cuentaNames: Record<string, string>;
  movimientos: DailyMovimiento[];
  netos: { ves: string; usd: string };
  /** The day's available and verified balances including its movements (cuentasDayFigures). */
  saldos: Omit<CuentasDayFigures, 'extra'>;
}

// One formatter per time zone: building an Intl.DateTimeFormat costs ~90 µs, a row's format ~1 µs.
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const stampFormats = new Map<string, Intl.DateTimeFormat>();
/** "2026-03-10 08:05:09": the ocurrido_en instant in the ledger's zone, as Binance's Created Time. */
function stampOf(iso: string, timeZone: string): string {
  let f = stampFormats.get(timeZone);
  if (!f) {
    // sv-SE writes dates as YYYY-MM-DD and 24 h times.
    f = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23', timeZone });
    stampFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

function timeOf(iso: string, timeZone: string): string {
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
    timeFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

// Number formats by column (A … O): set once per column instead of once per cell, which is what
// keeps 1,000 rows well inside the 500 ms budget (docs/benchmarks.md).
const COLUMNS: Array<{ width: number; numFmt?: string }> = [
  { width: 28 },
  // Hora, and the figures of the heading and closing blocks (tens of millions of Bs must fit).
  { width: 16 },
  { width: 14, numFmt: USD },
  { width: 16, numFmt: RATE },
  { width: 18, numFmt: USD },
  { width: 14, numFmt: USD },
  { width: 16, numFmt: RATE },
  { width: 18, numFmt: USD },
  { width: 16, numFmt: USD },
  { width: 14, numFmt: USD },
  { width: 22, numFmt: USD },
  { width: 11 },
  { width: 40 },
  { width: 22 },
  // docs/product.md#binance-import: the fee, the origin and its reference, and the order's full time, after the
  // Part I columns so those keep their letters.
  { width: 14, numFmt: FEE },
  { width: 14 },
  { width: 24 },
  { width: 20 },
];
const HEADER_ROW = 7;

/**
 * Streams the day's workbook (docs/product.md#rates-and-export) with exceljs' streaming writer: a heading block, one row
 * per transaction in the day's order, a totals row and the available balances. Every cell is a
 * value — numbers as numbers, texts as strings, never a formula — so a note such as
 * '=HYPERLINK(…)' stays inert text, and a text that starts like a formula gets the Text format so
 * it stays text when edited. Rows are committed (written out) as they are added.
 */
export function streamDailyWorkbook(data: DailyWorkbookInput): Readable {
  const { timeZone, base } = data;
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = m.exportSheetTitle;
  const ws = wb.addWorksheet(data.fecha, { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  ws.columns = COLUMNS.map((c) => ({ width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  const uses = data.usesCuentas;
  const cuentaName = (id: string | null) => (id ? (data.cuentaNames[id] ?? m.sinAsignar) : m.sinAsignar);
  // The day's available balances include its movements (docs/product.md#cuentas-y-movimientos).
  const withMovements = data.saldos;
  const add = (values: unknown[], bold = false) => {
    const row = ws.addRow(values);
    if (bold) row.font = { bold: true };
    // A text such as a note '=1+1' is written as a string, so it is inert while untouched; but once a
    // user edits the cell (F2, Enter) Excel would read it as a formula. In a cell formatted as Text it
    // stays text. exceljs 4.4 has no `quotePrefix` style, so the Text number format does the job (issue 36).
    values.forEach((v, i) => {
      if (typeof v === 'string' && FORMULA_START.test(v)) row.getCell(i + 1).numFmt = TEXT;
    });
    row.commit();
  };
  /** A labelled figure of the heading or closing block: column B is Hora's, so it gets its own format (issue 25). */
  const figure = (values: unknown[], numFmt = USD) => {
    const row = ws.addRow(values);
    row.getCell(2).numFmt = numFmt;
    row.commit();
  };

  add([m.exportSheetTitle], true);
  add([m.xlsLedger, data.ledgerName]);
  add([m.xlsDate, data.fecha]);
  figure([m.xlsBaseVes, n(base.saldo_base_ves), base.heredado_ves ? m.xlsInherited : null]);
  figure([m.xlsBaseUsd, n(base.saldo_base_usd), base.heredado_usd ? m.xlsInherited : null]);
  add([]);
  add(
    [
      m.xlsNumber,
      m.xlsTime,
      m.xlsVenta,
      m.xlsTasaVenta,
      m.xlsBsRecibidos,
      m.xlsCompra,
      m.xlsTasaCompra,
      m.xlsBsPagados,
      m.xlsGananciaBs,
      m.xlsGananciaUsd,
      m.xlsGananciaAcumUsd,
      m.xlsVerified,
      m.xlsNotes,
      m.xlsAuthor,
      m.xlsComision,
      m.xlsOrigen,
      m.xlsReferencia,
      m.xlsOcurridoEn,
      // A ledger with accounts names each row's accounts (absent: Sin asignar); without, the columns are as before.
      ...(uses ? [m.xlsCuentaVes, m.xlsCuentaUsd] : []),
    ],
    true,
  );
  data.rows.forEach((r, i) => {
    add([
      i + 1,
      // The order's time (docs/product.md#binance-import): the day's order is ocurrido_en, created_at, id.
      timeOf(r.ocurrido_en, timeZone),
      n(r.venta),
      n(r.tasa_venta, 4),
      n(r.bs_recibidos),
      n(r.compra),
      n(r.tasa_compra, 4),
      n(r.bs_pagados),
      n(r.ganancia_transaccion_ves),
      n(r.ganancia_transaccion_usd),
      n(r.ganancia_acumulada_usd_hasta_esta_transaccion),
      r.esta_verificada ? m.xlsYes : m.xlsNo,
      r.notas ?? null,
      r.author_name ?? m.deletedUser,
      n(r.comision_usd, 8),
      r.origen === 'binance_p2p' ? m.xlsOrigenBinance : m.xlsOrigenManual,
      // Text, never a number: a Binance order number has ~20 digits (docs/product.md#binance-import).
      r.referencia ?? null,
      stampOf(r.ocurrido_en, timeZone),
      ...(uses ? [cuentaName(r.cuenta_ves_id), cuentaName(r.cuenta_usd_id)] : []),
    ]);
  });
  const res = data.resumen;
  // Σ of the rows' Bs as shown (each at céntimos, docs/decisions/0034), so the totals add up the column.
  let bsRecibidos = new Big(0);
  let bsPagados = new Big(0);
  for (const r of data.rows) {
    bsRecibidos = bsRecibidos.plus(toBig(r.bs_recibidos));
    bsPagados = bsPagados.plus(toBig(r.bs_pagados));
  }
  add(
    [
      m.xlsTotals,
      null,
      n(res.venta_total),
      null,
      toNumber(bsRecibidos, 2),
      n(res.compra_total),
      null,
      toNumber(bsPagados, 2),
      n(res.ganancia_total_ves),
      n(res.ganancia_total_usd),
    ],
    true,
  );
  // The average rates are not sums: labelled rows of their own, not under the rate columns.
  figure([m.xlsAvgVenta, n(data.promedios.tasa_venta_promedio, 4)], RATE);
  figure([m.xlsAvgCompra, n(data.promedios.tasa_compra_promedio, 4)], RATE);
  if (data.movimientos.length > 0) {
    add([]);
    add([m.xlsMovimientos], true);
    add(
      [m.xlsNumber, m.xlsTime, m.xlsMovTipo, m.xlsMovMoneda, m.xlsMovMonto, m.xlsMovComision, m.xlsMovOrigen, m.xlsMovDestino, m.xlsNotes],
      true,
    );
    data.movimientos.forEach((mov, i) => {
      add([
        i + 1,
        timeOf(mov.ocurrido_en, timeZone),
        mov.tipo,
        mov.moneda,
        n(mov.monto),
        n(mov.comision),
        cuentaName(mov.cuenta_origen_id),
        cuentaName(mov.cuenta_destino_id),
        mov.notas ?? null,
      ]);
    });
    figure([m.xlsMovNetosVes, n(data.netos.ves)]);
    figure([m.xlsMovNetosUsd, n(data.netos.usd)]);
  }
  add([]);
  figure([m.xlsSaldoVes, n(withMovements.disponible_ves)]);
  figure([m.xlsSaldoUsd, n(withMovements.disponible_usd)]);
  figure([m.xlsSaldoVesVerified, n(withMovements.verificado_ves)]);
  figure([m.xlsSaldoUsdVerified, n(withMovements.verificado_usd)]);
  ws.commit();
  wb.commit().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
