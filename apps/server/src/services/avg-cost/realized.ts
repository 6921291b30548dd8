import { sql } from 'drizzle-orm';
import { addDays, walkAverageCost, type MetodoGanancia } from '@arb/shared';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { TransactionRow } from '../transactions/transaction-row.ts';
import { ensureAvgCostStates, LEDGER_BOOK, ledgerStateAt } from './avg-cost-states.ts';

/** The ledger's profit method (docs/product.md#profit-method-and-position). */
export async function ledgerMethod(db: DbOrTx, ledgerId: string): Promise<MetodoGanancia> {
  const r = await db.execute<{ m: MetodoGanancia }>(sql`select metodo_ganancia as m from ledgers where id = ${ledgerId}`);
  return r.rows[0]?.m ?? 'por_operacion';
}

/**
 * Under costo_promedio a day's rows carry their realized figures as their ganancia (docs/product.md#profit-method-and-position):
 * the walk of the day's rows from the ledger's stored state at the end of the day before. All
 * other figures of the rows are unchanged.
 */
export async function withRealizedProfit<T extends TransactionRow>(
  db: Db,
  ledgerId: string,
  fecha: string,
  rows: readonly T[],
): Promise<T[]> {
  if (rows.length === 0) return [...rows];
  await ensureAvgCostStates(db, ledgerId);
  const start = await ledgerStateAt(db, ledgerId, addDays(fecha, -1));
  const walk = walkAverageCost(rows, start);
  return walk.rows.map((r) => ({ ...r, ganancia_ves: r.realizado_ves, ganancia_usd: r.realizado_usd }));
}

/**
 * The per-day profit source of the history (docs/product.md#profit-method-and-position): ledger_day_totals' per-operation sums, or under
 * costo_promedio the stored realized figures of the ledger book (made fresh first). Both have one
 * row per day with transactions and the columns (ledger_id, fecha, ganancia_usd, transaction_count).
 */
export async function dayProfitSource(db: Db, ledgerId: string) {
  if ((await ledgerMethod(db, ledgerId)) !== 'costo_promedio') return sql`ledger_day_totals`;
  await ensureAvgCostStates(db, ledgerId);
  return sql`(select ledger_id, fecha, realizado_usd as ganancia_usd, operaciones as transaction_count
    from avg_cost_days where book = ${LEDGER_BOOK}::uuid)`;
}
