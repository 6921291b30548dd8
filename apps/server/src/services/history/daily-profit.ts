import { sql } from 'drizzle-orm';
import { daySpreadFromTotals, type DailyProfit } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { dayProfitSource } from '../avg-cost/realized.ts';
import { num } from '../transactions/transaction-json.ts';

export type { DailyProfit } from '@arb/shared';

/**
 * The last `limit` days that have transactions, oldest first (the chart reads left to right).
 * One read of ledger_day_totals' primary key (ledger_id, fecha) backwards, never every transaction.
 */
export async function dailyProfit(db: Db, ledgerId: string, limit: number): Promise<DailyProfit[]> {
  const source = await dayProfitSource(db, ledgerId);
  // The day's sums for its spread (DESIGN §24) come from ledger_day_totals whatever the profit method.
  const result = await db.execute<{ fecha: string; g: string; n: number; v: string; c: string; br: string; bp: string }>(sql`
    select d.fecha::text as fecha, d.ganancia_usd::text as g, d.transaction_count as n,
      t.venta::text as v, t.compra::text as c, t.bs_recibidos::text as br, t.bs_pagados::text as bp
    from ${source} d left join ledger_day_totals t on t.ledger_id = d.ledger_id and t.fecha = d.fecha
    where d.ledger_id = ${ledgerId} and d.transaction_count > 0 order by d.fecha desc limit ${limit}`);
  return result.rows.reverse().map((r) => {
    const diferencial = r.v === null ? null : daySpreadFromTotals({ venta: r.v, compra: r.c, bs_recibidos: r.br, bs_pagados: r.bp });
    return {
      date: r.fecha,
      ganancia_usd: num(r.g, 2),
      transactionCount: Number(r.n),
      ...(diferencial === null ? {} : { diferencial }),
    };
  });
}
