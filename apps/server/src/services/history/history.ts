import { sql } from 'drizzle-orm';
import { addDays, firstOfMonth, formatDayLong, type HistoryDate, type HistorySummary, type HistoryWindow } from '@arb/shared';
import type { Db, DbOrTx } from '../../db/database.ts';
import { dayProfitSource } from '../avg-cost/realized.ts';
import { num } from '../transactions/transaction-json.ts';

// Day keys repeat on every call (a 3-year ledger lists ~1,100 of them); formatting is the cost.
const longDates = new Map<string, string>();
function longDate(day: string): string {
  let text = longDates.get(day);
  if (text === undefined) {
    if (longDates.size >= 20_000) longDates.clear();
    text = formatDayLong(day);
    longDates.set(day, text);
  }
  return text;
}

// The answers' types are shared with the web (packages/shared/src/schemas/history.ts).
export type { HistoryDate, HistorySummary } from '@arb/shared';

/**
 * Days with transactions, newest first, with es-ES long dates (docs/product.md#money History). Reads the
 * per-day counts of ledger_day_totals (one row per day), not every transaction.
 */
export async function historyDates(db: DbOrTx, ledgerId: string): Promise<HistoryDate[]> {
  // Days with movements count too (DESIGN §28); `movementCount` is added only where there are some,
  // so a ledger without movements answers as before.
  const result = await db.execute<{ fecha: string; n: number; m: number }>(sql`
    select fecha::text as fecha, transaction_count as n, movement_count as m from ledger_day_totals
    where ledger_id = ${ledgerId} and (transaction_count > 0 or movement_count > 0) order by fecha desc`);
  return result.rows.map((r) => ({
    date: r.fecha,
    formattedDate: longDate(r.fecha),
    transactionCount: r.n,
    ...(r.m > 0 ? { movementCount: r.m } : {}),
  }));
}

/** Last day of the calendar month of `day`. */
function lastOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The history summary (docs/product.md#money) in one statement of SQL aggregates over the ledger's per-day
 * totals (ledger_day_totals: ~365 rows a year, kept by a trigger, instead of every transaction):
 * - resumen_7dias: hasta−6 … hasta; resumen_14dias: hasta−13 … hasta (rolling, both ends included);
 * - resumen_mes: the whole calendar month of hasta;
 * - resumen_total: the closing as of hasta (docs/product.md#history), named by its `fecha`: every
 *   transaction up to hasta, and the balances = the latest explicit base on or before hasta + the
 *   net movement of the transactions from its day to hasta (0/0 and every transaction up to hasta
 *   when there is none). A base written for a later day (a "Restablecer" on tomorrow) does not
 *   count: it made the total read 0,00 while today closed at 1.013.510,00 Bs.S (issue 25).
 * ganancia values are USD sums of the stored rounded rows, as the day screens show them.
 */
export async function historySummary(db: Db, ledgerId: string, hasta: string): Promise<HistorySummary> {
  // docs/product.md#profit-method-and-position: under costo_promedio the profit sums are the realized ones (same days, same counts).
  const profit = await dayProfitSource(db, ledgerId);
  const from7 = addDays(hasta, -6);
  const from14 = addDays(hasta, -13);
  const monthFrom = firstOfMonth(hasta);
  const monthTo = lastOfMonth(hasta);
  const result = await db.execute<Record<string, string>>(sql`
    with bv as (
      select fecha, saldo_base_ves as v from daily_balances
      where ledger_id = ${ledgerId} and fecha <= ${hasta}::date and saldo_base_ves is not null order by fecha desc limit 1
    ), bu as (
      select fecha, saldo_base_usd as v from daily_balances
      where ledger_id = ${ledgerId} and fecha <= ${hasta}::date and saldo_base_usd is not null order by fecha desc limit 1
    ), p as (
      select
        coalesce(sum(ganancia_usd) filter (where fecha <= ${hasta}::date), 0) as g,
        coalesce(sum(ganancia_usd) filter (where fecha between ${from7}::date and ${hasta}::date), 0) as g7,
        coalesce(sum(ganancia_usd) filter (where fecha between ${from14}::date and ${hasta}::date), 0) as g14,
        coalesce(sum(ganancia_usd) filter (where fecha between ${monthFrom}::date and ${monthTo}::date), 0) as gm
      from ${profit} x where x.ledger_id = ${ledgerId}
    ), agg as (
      select
        coalesce(sum(transaction_count) filter (where fecha <= ${hasta}::date), 0) as n,
        coalesce(sum(transaction_count) filter (where fecha between ${from7}::date and ${hasta}::date), 0) as n7,
        coalesce(sum(transaction_count) filter (where fecha between ${from14}::date and ${hasta}::date), 0) as n14,
        coalesce(sum(transaction_count) filter (where fecha between ${monthFrom}::date and ${monthTo}::date), 0) as nm,
        coalesce(sum(bs_recibidos - bs_pagados + mov_ves) filter (where fecha between coalesce((select fecha from bv), '-infinity'::date) and ${hasta}::date), 0) as mves,
        coalesce(sum(compra - venta - comision_usd + mov_usd) filter (where fecha between coalesce((select fecha from bu), '-infinity'::date) and ${hasta}::date), 0) as musd
      from ledger_day_totals where ledger_id = ${ledgerId}
    )
    select n::text, p.g::text, n7::text, p.g7::text, n14::text, p.g14::text, nm::text, p.gm::text,
      (coalesce((select v from bv), 0) + mves)::text as saldo_ves,
      (coalesce((select v from bu), 0) + musd)::text as saldo_usd
    from agg, p`);
  const r = result.rows[0]!;
  const w = (n: string | undefined, g: string | undefined): HistoryWindow => ({
    ganancia_total: num(g ?? '0', 2),
    transacciones_count: Number(n ?? 0),
  });
  return {
    resumen_total: {
      saldo_ves: num(r.saldo_ves ?? '0', 2),
      saldo_usd: num(r.saldo_usd ?? '0', 2),
      ganancia_total: num(r.g ?? '0', 2),
      transacciones_count: Number(r.n ?? 0),
      fecha: hasta,
    },
    resumen_7dias: w(r.n7, r.g7),
    resumen_14dias: w(r.n14, r.g14),
    resumen_mes: w(r.nm, r.gm),
    hasta,
  };
}
