import { sql } from 'drizzle-orm';
import { addDays, Big, valorarCapital, type MovimientoCapital, type PersonaLiquidacion, type Reparto, type Tenencia } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { baseBalanceQuery } from '../balances/base-balance.ts';
import { rateOfDayStored } from '../market/rate-days.ts';
import { LEDGER_BOOK } from '../avg-cost/avg-cost-states.ts';

/**
 * What the settlement reads from the database (docs/product.md#socios-y-liquidacion). Every figure
 * comes from the per-day and per-account totals the triggers keep (migrations 0001, 0016), so a
 * month's preview costs a handful of index ranges whatever the number of transactions.
 */

/** A closed period as the rules read it. */
export interface ClosedPeriod {
  id: string;
  desde: string;
  hasta: string;
  tasa_final: string | null;
  fuente_final: string | null;
  fecha_tasa_final: string | null;
  patrimonio_final_usd: string;
  /** [{userId, resultado_usd}] from the stored answer. */
  resultados: { userId: string; resultado_usd: number }[];
}

export async function closedPeriods(db: DbOrTx, ledgerId: string): Promise<ClosedPeriod[]> {
  const r = await db.execute<ClosedPeriod & Record<string, unknown>>(sql`
    select id::text, desde::text, hasta::text, tasa_final::text, fuente_final, fecha_tasa_final::text, patrimonio_final_usd::text,
      coalesce((select json_agg(json_build_object('userId', s->>'userId', 'resultado_usd', (s->>'resultado_usd')::numeric))
        from jsonb_array_elements(datos->'socios') s), '[]'::json) as resultados
    from liquidaciones where ledger_id = ${ledgerId} order by desde`);
  return r.rows;
}

/**
 * The rate of day D (DESIGN §28 "The rate of a day"): the parallel history value of D, else the last
 * live value fetched on D, else the latest earlier day's (services/market/rate-days.ts), with the day
 * it belongs to.
 */
export async function rateOfDay(db: DbOrTx, fecha: string, timeZone: string): Promise<{ tasa: string; fecha: string } | null> {
  const r = await rateOfDayStored(db, timeZone, fecha, 'paralelo');
  return r && new Big(r.valor).gt(0) ? { tasa: r.valor, fecha: r.dia } : null;
}

/** The available balances at the end of a day, exact (base + the day's totals, as GET …/cuentas). */
export async function availableAt(db: DbOrTx, ledgerId: string, fecha: string): Promise<{ ves: string; usd: string }> {
  const r = await db.execute<{ ves: string; usd: string }>(sql`
    with b as (select * from (${baseBalanceQuery(ledgerId, fecha)}) b)
    select (b.ves::numeric + coalesce(d.bs_recibidos - d.bs_pagados + d.mov_ves, 0))::text as ves,
      (b.usd::numeric + coalesce(d.compra - d.venta - d.comision_usd + d.mov_usd, 0))::text as usd
    from b left join ledger_day_totals d on d.ledger_id = ${ledgerId} and d.fecha = ${fecha}::date`);
  return r.rows[0]!;
}

/**
 * Who holds the money at the end of `fecha`: each titular's accounts per currency (an account
 * without a titular goes with Sin asignar, titularId null), and Sin asignar = available − Σ accounts.
 */
export async function holdingsAt(db: DbOrTx, ledgerId: string, fecha: string): Promise<Tenencia[]> {
  const avail = await availableAt(db, ledgerId, fecha);
  const cuentas = await db.execute<{ titular: string | null; moneda: 'VES' | 'USD'; saldo: string }>(sql`
    select c.titular_id::text as titular, c.moneda, sum(t.entra - t.sale)::text as saldo
    from cuenta_day_totals t join cuentas c on c.id = t.cuenta_id
    where t.ledger_id = ${ledgerId} and t.fecha <= ${fecha}::date
    group by c.titular_id, c.moneda`);
  const out: Tenencia[] = [];
  let ves = new Big(avail.ves);
  let usd = new Big(avail.usd);
  for (const c of cuentas.rows) {
    out.push({ titularId: c.titular, ves: c.moneda === 'VES' ? c.saldo : '0', usd: c.moneda === 'USD' ? c.saldo : '0' });
    if (c.moneda === 'VES') ves = ves.minus(c.saldo);
    else usd = usd.minus(c.saldo);
  }
  out.push({ titularId: null, ves: ves.toFixed(), usd: usd.toFixed() });
  return out;
}

/**
 * The members' aportes/retiros dated ≤ hasta, valued in USD at their own rate (DESIGN §22): those
 * before `desde` summed per member in SQL (3 years of capital movements are thousands of rows; the
 * settlement needs only their sum), those inside one by one (their days weigh capital × time).
 * The SQL valuation mirrors packages/shared valorCapitalUsd — each VES amount ÷ its rate, half-up
 * to cents (PostgreSQL's round(numeric) is half away from zero), at 24 decimals before rounding —
 * and test/socios-valuation.test.ts holds the two equal.
 *
 * A capital registration's movements (migration 0025) are read one by one wherever they are — a
 * registration writes at most two per member — because they are valued as one sum per day
 * (valorarCapital, decision 0059), which no per-row SQL rounding can give.
 */
export async function capitalMovements(db: DbOrTx, ledgerId: string, desde: string, hasta: string): Promise<MovimientoCapital[]> {
  const r = await db.execute<{
    miembro: string;
    fecha: string;
    tipo: 'aporte' | 'retiro';
    moneda: 'VES' | 'USD';
    monto: string;
    tasa: string | null;
    registro: boolean;
  }>(sql`
    select miembro_id::text as miembro, ${addDays(desde, -1)}::text as fecha, tipo, 'USD' as moneda,
      sum(${VALOR_SQL})::text as monto, null as tasa, false as registro
    from movimientos
    where ledger_id = ${ledgerId} and tipo in ('aporte', 'retiro') and fecha < ${desde}::date and miembro_id is not null
      and not registro_capital
    group by miembro_id, tipo
    union all
    select miembro_id::text, fecha::text, tipo, moneda, monto::text, tasa::text, registro_capital from movimientos
    where ledger_id = ${ledgerId} and tipo in ('aporte', 'retiro') and miembro_id is not null
      and (fecha between ${desde}::date and ${hasta}::date or (registro_capital and fecha < ${desde}::date))
    order by 2, 1, 3, 4`);
  // A registration's aportes are capital at the start of their day (decision 0056).
  return valorarCapital(
    r.rows.map((m) => ({
      userId: m.miembro,
      fecha: m.fecha,
      tipo: m.tipo,
      moneda: m.moneda,
      monto: m.monto,
      tasa: m.tasa,
      registro: m.registro,
    })),
  );
}

/** One capital movement's USD value in SQL (see capitalMovements). */
export const VALOR_SQL = sql`case when moneda = 'VES' then round(monto::numeric(40, 24) / tasa, 2) else monto end`;

/** The members now (marked `miembro`) and everyone else named, with their names. */
export async function personas(db: DbOrTx, ledgerId: string, ids: readonly string[]): Promise<PersonaLiquidacion[]> {
  const r = await db.execute<{ id: string; user_name: string; miembro: boolean }>(sql`
    select u.id::text, u.user_name, exists (select 1 from ledger_members m where m.ledger_id = ${ledgerId} and m.user_id = u.id) as miembro
    from users u
    where u.id in (select user_id from ledger_members where ledger_id = ${ledgerId})
      or u.id::text = any(string_to_array(${ids.join(',')}, ','))`);
  return r.rows.map((p) => ({ userId: p.id, user_name: p.user_name, miembro: p.miembro }));
}

/** The ledger's split rule and profit method. */
export async function ledgerRules(db: DbOrTx, ledgerId: string): Promise<{ reparto: Reparto; metodo: string } | undefined> {
  const r = await db.execute<{ reparto: Reparto; metodo: string }>(
    sql`select reparto, metodo_ganancia as metodo from ledgers where id = ${ledgerId}`,
  );
  return r.rows[0];
}

/**
 * The period's realized profit under the ledger's method (§13): per-operation sums of the day
 * totals, or the stored average-cost figures (the caller made them fresh first).
 */
export async function realizedProfit(db: DbOrTx, ledgerId: string, metodo: string, desde: string, hasta: string): Promise<string> {
  const r =
    metodo === 'costo_promedio'
      ? await db.execute<{ v: string }>(sql`select coalesce(sum(realizado_usd), 0)::text as v from avg_cost_days
          where ledger_id = ${ledgerId} and book = ${LEDGER_BOOK}::uuid and fecha between ${desde}::date and ${hasta}::date`)
      : await db.execute<{ v: string }>(sql`select coalesce(sum(ganancia_usd), 0)::text as v from ledger_day_totals
          where ledger_id = ${ledgerId} and fecha between ${desde}::date and ${hasta}::date`);
  return r.rows[0]!.v;
}

/**
 * Explicit bases inside the period that differ from what the day would inherit (DESIGN §28): the
 * jump per currency = the explicit value − the closing of the day before. They change equity
 * without a movement, so they sit inside `resultado` and are listed. A capital registration's
 * change of its day's base is no such jump — its aportes (and retiros, decision 0059) bring the
 * same amounts back and it turns unrecorded equity into capital (decision 0056) — so each day's
 * registered aportes − retiros (per currency, migration 0025) are added back before comparing: only
 * what someone typed by hand remains.
 */
export async function baseJumps(
  db: DbOrTx,
  ledgerId: string,
  desde: string,
  hasta: string,
): Promise<{ fecha: string; ves: string; usd: string }[]> {
  const rows = await db.execute<{ fecha: string; ves: string | null; usd: string | null; reg_ves: string; reg_usd: string }>(sql`
    select b.fecha::text, b.saldo_base_ves::text as ves, b.saldo_base_usd::text as usd,
      coalesce(r.ves, 0)::text as reg_ves, coalesce(r.usd, 0)::text as reg_usd
    from daily_balances b
    left join lateral (select sum(monto) filter (where moneda = 'VES') as ves, sum(monto) filter (where moneda = 'USD') as usd
      from (select moneda, case when tipo = 'retiro' then -monto else monto end as monto from movimientos
        where ledger_id = b.ledger_id and fecha = b.fecha and registro_capital and tipo in ('aporte', 'retiro')) m) r on true
    where b.ledger_id = ${ledgerId} and b.fecha between ${desde}::date and ${hasta}::date order by b.fecha`);
  const out: { fecha: string; ves: string; usd: string }[] = [];
  for (const b of rows.rows) {
    const prev = await availableAt(db, ledgerId, addDays(b.fecha, -1));
    const ves = b.ves === null ? new Big(0) : new Big(b.ves).plus(b.reg_ves).minus(prev.ves);
    const usd = b.usd === null ? new Big(0) : new Big(b.usd).plus(b.reg_usd).minus(prev.usd);
    if (!ves.eq(0) || !usd.eq(0)) out.push({ fecha: b.fecha, ves: ves.toFixed(), usd: usd.toFixed() });
  }
  return out;
}
