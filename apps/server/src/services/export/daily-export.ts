import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Big, messages, toBig, toNumber } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { sql } from 'drizzle-orm';
import { computeLedgerDay } from '../balances/day-balances.ts';
import { cuentasDayFigures } from '../cuentas/cuentas-day.ts';

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

/** `arbitraje-{ledger name or 'registro'}-{fecha}.xlsx`, the name made safe for any file system (docs/product.md#rates-and-export). */
export function exportFileName(ledgerName: string, fecha: string): string {
  return reportFileName(ledgerName, fecha, 'xlsx');
}

/** `arbitraje-{ledger name or 'registro'}-{stamp}.{ext}`: the day export's and the monthly reports' (DESIGN §25) one file-name rule. */
export function reportFileName(ledgerName: string, stamp: string, ext: 'xlsx' | 'pdf'): string {
  const safe = ledgerName
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80);
  return `arbitraje-${safe || 'registro'}-${stamp}.${ext}`;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name as RFC 5987 `filename*`. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '-');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
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

/** What the file is made of; loaded before the answer starts, so "no transactions" is still a clean 404. */
export type DailyExport = Awaited<ReturnType<typeof computeLedgerDay>> & {
  ledgerName: string;
  fecha: string;
  /** Every account's name by id, archived ones included (docs/product.md#cuentas-y-movimientos). */
  cuentaNames: ReadonlyMap<string, string>;
};

export async function loadDailyExport(db: DbOrTx, ledger: { id: string; name: string }, fecha: string): Promise<DailyExport> {
  const data = await computeLedgerDay(db, ledger.id, fecha);
  if (data.day.transacciones_con_acumulados.length === 0 && data.cuentas.movimientos.length === 0)
    throw new AppError('NO_TRANSACTIONS', m.exportNoTransactions);
  const names = data.cuentas.uses
    ? (await db.execute<{ id: string; nombre: string }>(sql`select id::text as id, nombre from cuentas where ledger_id = ${ledger.id}`))
        .rows
    : [];
  return { ...data, ledgerName: ledger.name, fecha, cuentaNames: new Map(names.map((r) => [r.id, r.nombre])) };
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
export function streamDailyWorkbook(data: DailyExport, timeZone: string): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = m.exportSheetTitle;
  const ws = wb.addWorksheet(data.fecha, { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  ws.columns = COLUMNS.map((c) => ({ width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  const { base, day } = data;
  const uses = data.cuentas.uses;
  const cuentaName = (id: string | null) => (id ? (data.cuentaNames.get(id) ?? m.sinAsignar) : m.sinAsignar);
  // The day's available balances include its movements (docs/product.md#cuentas-y-movimientos).
  const withMovements = cuentasDayFigures(data.cuentas, {
    disponible_ves: day.resumen.saldo_disponible_ves,
    disponible_usd: day.resumen.saldo_disponible_usd,
    verificado_ves: day.saldos_actuales.saldo_ves_actual,
    verificado_usd: day.saldos_actuales.saldo_usd_actual,
  });
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
  day.transacciones_con_acumulados.forEach((r, i) => {
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
  const res = day.resumen;
  // Σ of the rows' Bs as shown (each at céntimos, docs/decisions/0034), so the totals add up the column.
  let bsRecibidos = new Big(0);
  let bsPagados = new Big(0);
  for (const r of day.transacciones_con_acumulados) {
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
  figure([m.xlsAvgVenta, n(day.promedios.tasa_venta_promedio, 4)], RATE);
  figure([m.xlsAvgCompra, n(day.promedios.tasa_compra_promedio, 4)], RATE);
  if (data.cuentas.movimientos.length > 0) {
    add([]);
    add([m.xlsMovimientos], true);
    add(
      [m.xlsNumber, m.xlsTime, m.xlsMovTipo, m.xlsMovMoneda, m.xlsMovMonto, m.xlsMovComision, m.xlsMovOrigen, m.xlsMovDestino, m.xlsNotes],
      true,
    );
    data.cuentas.movimientos.forEach((mov, i) => {
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
    figure([m.xlsMovNetosVes, n(data.cuentas.netos_ves)]);
    figure([m.xlsMovNetosUsd, n(data.cuentas.netos_usd)]);
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
