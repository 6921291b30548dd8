import { sql } from 'drizzle-orm';
import type { DailyProfit } from '@arb/shared';
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
  const result = await db.execute<{ fecha: string; g: string; n: number }>(sql`
    select fecha::text as fecha, ganancia_usd::text as g, transaction_count as n from ${source} d
    where ledger_id = ${ledgerId} and transaction_count > 0 order by fecha desc limit ${limit}`);
  return result.rows.reverse().map((r) => ({ date: r.fecha, ganancia_usd: num(r.g, 2), transactionCount: Number(r.n) }));
}
