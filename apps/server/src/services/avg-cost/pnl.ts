import { sql } from 'drizzle-orm';
import { toBig, toNumber, type PnlResponse } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { num } from '../transactions/transaction-json.ts';
import { ensureAvgCostStates, LEDGER_BOOK } from './avg-cost-states.ts';

export type PnlJson = PnlResponse;

const rate4 = (v: string) => toNumber(toBig(v), 4);

/**
 * GET /api/ledgers/:id/pnl (docs/product.md#profit-method-and-position): always average cost. Two indexed reads of the stored
 * end-of-day states (primary key ledger, book, fecha): the ledger book's days in the range, and
 * per author's book the sums over the range with the state at the end of `hasta`.
 */
export async function ledgerPnl(db: Db, ledgerId: string, desde: string, hasta: string): Promise<PnlJson> {
  await ensureAvgCostStates(db, ledgerId);
  const [days, members] = await Promise.all([
    db.execute<{
      fecha: string;
      operaciones: number;
      realizado_ves: string;
      realizado_usd: string;
      comisiones_usd: string;
      posicion_usd: string;
      costo_promedio: string;
    }>(sql`
      select fecha::text, operaciones, realizado_ves::text, realizado_usd::text, comisiones_usd::text, posicion_usd::text, costo_promedio::text
      from avg_cost_days where ledger_id = ${ledgerId} and book = ${LEDGER_BOOK}::uuid and fecha between ${desde}::date and ${hasta}::date
      order by fecha`),
    db.execute<{
      book: string;
      user_name: string;
      operaciones: string;
      realizado_ves: string;
      realizado_usd: string;
      posicion_usd: string;
      costo_promedio: string;
    }>(sql`
      select b.book::text, u.user_name, r.operaciones::text, r.realizado_ves::text, r.realizado_usd::text,
        s.posicion_usd::text, s.costo_promedio::text
      from (select distinct book from avg_cost_days where ledger_id = ${ledgerId} and book <> ${LEDGER_BOOK}::uuid and fecha <= ${hasta}::date) b
      join users u on u.id = b.book
      cross join lateral (
        select coalesce(sum(operaciones), 0) as operaciones, coalesce(sum(realizado_ves), 0) as realizado_ves,
          coalesce(sum(realizado_usd), 0) as realizado_usd
        from avg_cost_days d where d.ledger_id = ${ledgerId} and d.book = b.book and d.fecha between ${desde}::date and ${hasta}::date
      ) r
      cross join lateral (
        select posicion_usd, costo_promedio from avg_cost_days d
        where d.ledger_id = ${ledgerId} and d.book = b.book and d.fecha <= ${hasta}::date order by d.fecha desc limit 1
      ) s
      order by u.user_name, b.book`),
  ]);
  const dias = days.rows.map((d) => ({
    fecha: d.fecha,
    operaciones: Number(d.operaciones),
    realizado_ves: num(d.realizado_ves, 2),
    realizado_usd: num(d.realizado_usd, 2),
    comisiones_usd: num(d.comisiones_usd, 8),
    posicion_usd: num(d.posicion_usd, 2),
    costo_promedio: rate4(d.costo_promedio),
  }));
  // Totals are sums of the stored day figures (themselves sums of rounded rows), exact.
  const sum = (pick: (d: (typeof days.rows)[number]) => string) => days.rows.reduce((acc, d) => acc.plus(pick(d)), toBig(0));
  return {
    dias,
    total: {
      operaciones: dias.reduce((n, d) => n + d.operaciones, 0),
      realizado_ves: toNumber(
        sum((d) => d.realizado_ves),
        2,
      ),
      realizado_usd: toNumber(
        sum((d) => d.realizado_usd),
        2,
      ),
      comisiones_usd: toNumber(
        sum((d) => d.comisiones_usd),
        8,
      ),
    },
    por_miembro: members.rows.map((m) => ({
      userId: m.book,
      user_name: m.user_name,
      operaciones: Number(m.operaciones),
      realizado_ves: num(m.realizado_ves, 2),
      realizado_usd: num(m.realizado_usd, 2),
      posicion_usd: num(m.posicion_usd, 2),
      costo_promedio: rate4(m.costo_promedio),
    })),
  };
}
