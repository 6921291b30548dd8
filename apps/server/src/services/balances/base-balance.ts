import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** The base balances of a day, exact (unrounded) decimal strings. */
export interface DayBaseBalance {
  saldo_base_ves: string;
  saldo_base_usd: string;
  /** true when carried forward from earlier days, false for an explicit row (or nothing at all: 0/0). */
  heredado: boolean;
}

/**
 * The base of (ledger, day) per DESIGN §2, in ONE query, never by walking days:
 * - the latest explicit daily_balances row on or before the day (primary-key range scan);
 * - if it is the day itself, that row (heredado false);
 * - else that base plus the net movement of every day from its day up to the day before ours
 *   (Σ bs_recibidos − Σ bs_pagados; base_usd − Σ venta + Σ compra − Σ comision_usd), which is exactly the previous
 *   day's closing saldo_disponible (each day's closing is its base plus its own movement);
 * - with no explicit row at all, the same sums from the ledger's first transaction on, from 0/0.
 * The sums come from ledger_day_totals (one row per day, kept by a trigger), so a ledger with
 * years of history costs a few hundred rows, not every transaction. The carried value is kept
 * exact (not rounded) so that, once rounded for display, it equals the closing the previous day shows.
 */
export async function dayBaseBalance(db: DbOrTx, ledgerId: string, fecha: string): Promise<DayBaseBalance> {
  const result = await db.execute<{ base_fecha: string | null; ves: string; usd: string; movements: string }>(sql`
    with b as (
      select fecha, saldo_base_ves, saldo_base_usd from daily_balances
      where ledger_id = ${ledgerId} and fecha <= ${fecha}::date
      order by fecha desc limit 1
    ), m as (
      select coalesce(sum(d.transaction_count), 0) as n, coalesce(sum(d.bs_recibidos - d.bs_pagados), 0) as ves,
        coalesce(sum(d.compra - d.venta - d.comision_usd), 0) as usd
      from ledger_day_totals d
      where d.ledger_id = ${ledgerId} and d.fecha < ${fecha}::date
        and d.fecha >= coalesce((select fecha from b), '-infinity'::date)
    )
    select (select fecha from b)::text as base_fecha,
      (coalesce((select saldo_base_ves from b), 0) + m.ves)::text as ves,
      (coalesce((select saldo_base_usd from b), 0) + m.usd)::text as usd,
      m.n::text as movements
    from m`);
  const r = result.rows[0]!;
  const explicitToday = r.base_fecha === fecha;
  const carried = !explicitToday && (r.base_fecha !== null || Number(r.movements) > 0);
  return { saldo_base_ves: r.ves, saldo_base_usd: r.usd, heredado: carried };
}
