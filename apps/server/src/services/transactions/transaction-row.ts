import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** A transaction as read by every query of this area (raw SQL: the balances path is hot). */
export interface TransactionRow {
  id: string;
  ledger_id: string;
  fecha: string;
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  notas: string | null;
  esta_verificada: boolean;
  bs_recibidos: string;
  bs_pagados: string;
  ganancia_ves: string;
  ganancia_usd: string;
  version: number;
  /** ISO 8601 UTC with milliseconds (Drizzle's driver hands timestamps over as text). */
  created_at: string;
  created_by: string | null;
  /** The author's name; null when the author was deleted. */
  author_name: string | null;
}

const columns = sql`t.id, t.ledger_id, t.fecha, t.venta, t.tasa_venta, t.compra, t.tasa_compra, t.notas, t.esta_verificada,
  t.bs_recibidos, t.bs_pagados, t.ganancia_ves, t.ganancia_usd, t.version,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, t.created_by, u.user_name as author_name`;

async function select(db: DbOrTx, where: SQL, suffix: SQL = sql``): Promise<TransactionRow[]> {
  const result = await db.execute<TransactionRow & Record<string, unknown>>(
    sql`select ${columns} from transactions t left join users u on u.id = t.created_by where ${where} ${suffix}`,
  );
  return result.rows;
}

/** One transaction, or undefined. `forUpdate` locks the row for the rest of the database transaction. */
export async function findTransaction(db: DbOrTx, id: string, forUpdate = false): Promise<TransactionRow | undefined> {
  const rows = await select(db, sql`t.id = ${id}`, forUpdate ? sql`for update of t` : sql``);
  return rows[0];
}

/** A day's transactions in the day's order (DESIGN §2: created_at, then id); uses transactions_ledger_day_idx. */
export async function dayTransactions(db: DbOrTx, ledgerId: string, fecha: string): Promise<TransactionRow[]> {
  return select(db, sql`t.ledger_id = ${ledgerId} and t.fecha = ${fecha}`, sql`order by t.created_at, t.id`);
}

/**
 * The running profit of a transaction's day up to and including it: sums of the stored rounded
 * rows, as computeDay does. The row's own created_at is read in SQL (microseconds; a JS Date has ms).
 */
export async function cumulativeUpTo(db: DbOrTx, row: TransactionRow): Promise<{ ves: string; usd: string }> {
  const result = await db.execute<{ ves: string; usd: string }>(sql`
    select coalesce(sum(ganancia_ves), 0)::text as ves, coalesce(sum(ganancia_usd), 0)::text as usd
    from transactions
    where ledger_id = ${row.ledger_id} and fecha = ${row.fecha}
      and (created_at, id) <= (select created_at, id from transactions where id = ${row.id})`);
  const r = result.rows[0];
  return { ves: r?.ves ?? '0', usd: r?.usd ?? '0' };
}
