import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { messages, toBig, toNumber } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { computeLedgerDay } from '../balances/day-balances.ts';

const USD = '#,##0.00';
const RATE = '#,##0.0000';
const m = messages;

/** An exact decimal string as a cell number rounded to its scale. */
const n = (value: string, dp = 2): number => toNumber(toBig(value), dp);

/** `arbitraje-{ledger name or 'registro'}-{fecha}.xlsx`, the name made safe for any file system (DESIGN §7). */
export function exportFileName(ledgerName: string, fecha: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = ledgerName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 80);
  return `arbitraje-${safe || 'registro'}-${fecha}.xlsx`;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name as RFC 5987 `filename*`. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '-');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function timeOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(new Date(iso));
}

/**
 * The day's workbook (DESIGN §7): a heading block, one row per transaction in the day's order, a
 * totals row and the available balances. Every cell is a value — numbers as numbers, texts as
 * strings, never a formula — so a note such as '=HYPERLINK(…)' stays inert text.
 */
export async function buildDailyWorkbook(
  db: DbOrTx,
  ledger: { id: string; name: string },
  fecha: string,
  timeZone: string,
): Promise<ExcelJS.Workbook> {
  const { base, day } = await computeLedgerDay(db, ledger.id, fecha);
  if (day.transacciones_con_acumulados.length === 0) throw new AppError(404, 'NO_TRANSACTIONS', m.exportNoTransactions);

  const wb = new ExcelJS.Workbook();
  wb.creator = m.exportSheetTitle;
  const ws = wb.addWorksheet(fecha);
  ws.addRow([m.exportSheetTitle]).font = { bold: true, size: 14 };
  ws.addRow([m.xlsLedger, ledger.name]);
  ws.addRow([m.xlsDate, fecha]);
  ws.addRow([m.xlsBaseVes, n(base.saldo_base_ves), base.heredado ? m.xlsInherited : '']).getCell(2).numFmt = USD;
  ws.addRow([m.xlsBaseUsd, n(base.saldo_base_usd), base.heredado ? m.xlsInherited : '']).getCell(2).numFmt = USD;
  ws.addRow([]);

  const header = ws.addRow([
    m.xlsNumber, m.xlsTime, m.xlsVenta, m.xlsTasaVenta, m.xlsBsRecibidos, m.xlsCompra, m.xlsTasaCompra, m.xlsBsPagados,
    m.xlsGananciaBs, m.xlsGananciaUsd, m.xlsGananciaAcumUsd, m.xlsVerified, m.xlsNotes, m.xlsAuthor,
  ]);
  header.font = { bold: true };
  const formats = [undefined, undefined, USD, RATE, USD, USD, RATE, USD, USD, USD, USD];

  day.transacciones_con_acumulados.forEach((r, i) => {
    const row = ws.addRow([
      i + 1,
      timeOf(r.created_at, timeZone),
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
    ]);
    formats.forEach((f, c) => {
      if (f) row.getCell(c + 1).numFmt = f;
    });
  });

  const res = day.resumen;
  const totals = ws.addRow([
    m.xlsTotals, '', n(res.venta_total), n(day.promedios.tasa_venta_promedio, 4), '', n(res.compra_total),
    n(day.promedios.tasa_compra_promedio, 4), '', n(res.ganancia_total_ves), n(res.ganancia_total_usd),
  ]);
  totals.font = { bold: true };
  formats.forEach((f, c) => {
    if (f && typeof totals.getCell(c + 1).value === 'number') totals.getCell(c + 1).numFmt = f;
  });
  ws.addRow([]);
  for (const [label, value] of [
    [m.xlsSaldoVes, res.saldo_disponible_ves],
    [m.xlsSaldoUsd, res.saldo_disponible_usd],
    [m.xlsSaldoVesVerified, day.saldos_actuales.saldo_ves_actual],
    [m.xlsSaldoUsdVerified, day.saldos_actuales.saldo_usd_actual],
  ] as const) {
    ws.addRow([label, n(value)]).getCell(2).numFmt = USD;
  }

  ws.views = [{ state: 'frozen', ySplit: header.number }];
  const widths = [24, 8, 14, 16, 18, 14, 16, 18, 16, 14, 22, 11, 40, 22];
  widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  return wb;
}

/** Writes the workbook as a stream (the reply starts while exceljs is still zipping). */
export function workbookStream(wb: ExcelJS.Workbook): Readable {
  const out = new PassThrough();
  wb.xlsx.write(out).then(
    () => out.end(),
    (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return out;
}
