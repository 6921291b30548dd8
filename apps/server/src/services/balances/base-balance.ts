import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** The base balances of a day, exact (unrounded) decimal strings. */
export interface DayBaseBalance {
  saldo_base_ves: string;
  saldo_base_usd: string;
  /** true when both currencies are inherited (docs/product.md#balances-of-a-day). */
  heredado: boolean;
  /**
   * Per currency: true when carried forward from earlier days; false for an explicit value of the
   * day (or nothing at all before the day: 0).
   */
  heredado_ves: boolean;
  heredado_usd: boolean;
  /** The verified balances' base (docs/product.md#balances-of-a-day): the explicit value, else the previous active day's verified closing. */
  verificado_ves: string;
  verificado_usd: string;
}

/**
 * The base of (ledger, day) per docs/product.md#money, docs/product.md#balances-of-a-day, in ONE query, never by walking days. Each
 * currency on its own:
 * - the latest daily_balances row on or before the day whose value for that currency is set
 *   (NULL = inherited);
 * - if it is the day itself, that value (explicit);
 * - else that value plus the net movement of every day from its day up to the day before ours
 *   (Σ bs_recibidos − Σ bs_pagados; base_usd − Σ venta + Σ compra − Σ comision_usd), which is exactly the previous
 *   day's closing saldo_disponible (each day's closing is its base plus its own movement);
 * - with no explicit value at all, the same sums from the ledger's first transaction on, from 0.
 * Movements (docs/product.md#cuentas-y-movimientos) add their net per currency (mov_ves, mov_usd of
 * the day totals, migration 0016) to both: they count as verified.
 * The verified base is the same with the sums of the verified rows only: the previous active day's
 * verified closing is its verified base plus its verified movement, back to an explicit value
 * (which counts as verified). The sums come from ledger_day_totals (one row per day, kept by a
 * trigger, docs/decisions/0003), read once for both currencies, so years of history cost a few
 * hundred rows. Values stay exact so that, once rounded, a day's base equals the previous closing.
 */
export async function dayBaseBalance(db: DbOrTx, ledgerId: string, fecha: string): Promise<DayBaseBalance> {
  const result = await db.execute<BaseBalanceRow & Record<string, unknown>>(baseBalanceQuery(ledgerId, fecha));
  return toDayBaseBalance(result.rows[0]!, fecha);
}

/** What baseBalanceQuery answers (one row). */
export interface BaseBalanceRow {
  fecha_ves: string | null;
  fecha_usd: string | null;
  ves: string;
  usd: string;
  vves: string;
  vusd: string;
  earlier: boolean;
}

/** The query of dayBaseBalance, to be run alone or inside another statement (day-answer-cache.ts). */
export function baseBalanceQuery(ledgerId: string, fecha: string): SQL {
  return sql`
    with bv as (
      select fecha, saldo_base_ves as v from daily_balances
      where ledger_id = ${ledgerId} and fecha <= ${fecha}::date and saldo_base_ves is not null
      order by fecha desc limit 1
    ), bu as (
      select fecha, saldo_base_usd as v from daily_balances
      where ledger_id = ${ledgerId} and fecha <= ${fecha}::date and saldo_base_usd is not null
      order by fecha desc limit 1
    ), f as (
      select coalesce((select fecha from bv), '-infinity'::date) as fv, coalesce((select fecha from bu), '-infinity'::date) as fu
    ), m as (
      select
        coalesce(sum(d.bs_recibidos - d.bs_pagados + d.mov_ves) filter (where d.fecha >= f.fv), 0) as ves,
        coalesce(sum(d.v_bs_recibidos - d.v_bs_pagados + d.mov_ves) filter (where d.fecha >= f.fv), 0) as vves,
        coalesce(sum(d.compra - d.venta - d.comision_usd + d.mov_usd) filter (where d.fecha >= f.fu), 0) as usd,
        coalesce(sum(d.v_compra - d.v_venta - d.v_comision_usd + d.mov_usd) filter (where d.fecha >= f.fu), 0) as vusd
      from f join ledger_day_totals d
        on d.ledger_id = ${ledgerId} and d.fecha < ${fecha}::date and d.fecha >= least(f.fv, f.fu)
    )
    select (select fecha from bv)::text as fecha_ves, (select fecha from bu)::text as fecha_usd,
      (coalesce((select v from bv), 0) + m.ves)::text as ves,
      (coalesce((select v from bu), 0) + m.usd)::text as usd,
      (coalesce((select v from bv), 0) + m.vves)::text as vves,
      (coalesce((select v from bu), 0) + m.vusd)::text as vusd,
      (exists (select 1 from ledger_day_totals where ledger_id = ${ledgerId} and fecha < ${fecha}::date)
        or exists (select 1 from daily_balances where ledger_id = ${ledgerId} and fecha < ${fecha}::date)) as earlier
    from m`;
}

export function toDayBaseBalance(r: BaseBalanceRow, fecha: string): DayBaseBalance {
  // Something before the day (a transaction or a base) makes a non-explicit currency inherited;
  // a ledger's very first day without a base is plain 0, not inherited.
  const heredadoVes = r.fecha_ves !== fecha && r.earlier;
  const heredadoUsd = r.fecha_usd !== fecha && r.earlier;
  return {
    saldo_base_ves: r.ves,
    saldo_base_usd: r.usd,
    heredado: heredadoVes && heredadoUsd,
    heredado_ves: heredadoVes,
    heredado_usd: heredadoUsd,
    verificado_ves: r.vves,
    verificado_usd: r.vusd,
  };
}
