import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { executePrepared } from '../../db/prepared.ts';
import { activityInsert } from '../ledger-change.ts';
import { activitySnapshotSql } from './transaction-json.ts';
import type { MarketStamp } from '../market/market-stamp.ts';

// The row's shape lives in its own file so that transaction-json.ts can use it without importing
// this one (which imports transaction-json.ts): no import circles (docs/conventions.md "Imports").
export type { TransactionRow } from './transaction-row-type.ts';
import type { TransactionRow } from './transaction-row-type.ts';

/** The columns of a TransactionRow, for `select` over transactions aliased `t` joined to users `u`. */
export const TRANSACTION_COLUMNS = sql`t.id, t.ledger_id, t.fecha, t.venta, t.tasa_venta, t.compra, t.tasa_compra, t.notas, t.esta_verificada,
  t.bs_recibidos, t.bs_pagados, t.ganancia_ves, t.ganancia_usd, t.comision_usd,
  to_char(t.ocurrido_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ocurrido_en, t.origen, t.referencia, t.version,
  t.cuenta_ves_id, t.cuenta_usd_id, t.mercado_paralelo::text as mercado_paralelo, t.mercado_oficial::text as mercado_oficial,
  t.mercado_fecha::text as mercado_fecha,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, t.created_by, u.user_name as author_name`;

async function select(db: DbOrTx, where: SQL, suffix: SQL = sql``): Promise<TransactionRow[]> {
  const result = await db.execute<TransactionRow & Record<string, unknown>>(
    sql`select ${TRANSACTION_COLUMNS} from transactions t left join users u on u.id = t.created_by where ${where} ${suffix}`,
  );
  return result.rows;
}

/** One transaction, or undefined. `forUpdate` locks the row for the rest of the database transaction. */
export async function findTransaction(db: DbOrTx, id: string, forUpdate = false): Promise<TransactionRow | undefined> {
  const rows = await select(db, sql`t.id = ${id}`, forUpdate ? sql`for update of t` : sql``);
  return rows[0];
}

/** The order within a day (docs/product.md#binance-import: ocurrido_en, created_at, id), for `order by` of rows aliased `t`. */
export const DAY_ORDER = sql`t.ocurrido_en, t.created_at, t.id`;

/** A day's transactions in the day's order (docs/product.md#binance-import); uses transactions_ledger_day_idx. */
export async function dayTransactions(db: DbOrTx, ledgerId: string, fecha: string): Promise<TransactionRow[]> {
  return select(db, sql`t.ledger_id = ${ledgerId} and t.fecha = ${fecha}`, sql`order by ${DAY_ORDER}`);
}

/**
 * The running profit of a transaction's day up to and including it: sums of the stored rounded
 * rows, as computeDay does, in the day's order (ocurrido_en, created_at, id). The row's own times
 * are read in SQL (microseconds; a JS Date has ms).
 */
export async function cumulativeUpTo(db: DbOrTx, row: TransactionRow): Promise<{ ves: string; usd: string }> {
  const result = await db.execute<{ ves: string; usd: string }>(sql`
    select coalesce(sum(ganancia_ves), 0)::text as ves, coalesce(sum(ganancia_usd), 0)::text as usd
    from transactions
    where ledger_id = ${row.ledger_id} and fecha = ${row.fecha}
      and (ocurrido_en, created_at, id) <= (select ocurrido_en, created_at, id from transactions where id = ${row.id})`);
  const r = result.rows[0];
  return { ves: r?.ves ?? '0', usd: r?.usd ?? '0' };
}

/** The stored columns of a new transaction (the figures already computed by computeTransaction). */
export type NewTransactionValues = Pick<
  TransactionRow,
  | 'ledger_id'
  | 'fecha'
  | 'venta'
  | 'tasa_venta'
  | 'compra'
  | 'tasa_compra'
  | 'bs_recibidos'
  | 'bs_pagados'
  | 'ganancia_ves'
  | 'ganancia_usd'
  | 'comision_usd'
  | 'notas'
> & {
  /** undefined: Sin asignar. */
  cuenta_ves_id?: string | null;
  cuenta_usd_id?: string | null;
  /** The market the row met (services/market/market-stamp.ts); null/undefined: none known. */
  mercado?: MarketStamp | null;
} & { created_by: string; /** undefined: the statement's now(), i.e. created_at. */ ocurrido_en: string | undefined };

export type InsertedTransaction =
  | { row: TransactionRow; cumulative: { ves: string; usd: string } }
  /**
   * The Idempotency-Key was already claimed: the transaction it made (null if it was never made);
   * `mismatch` when it was claimed by a different request (docs/product.md#account-security).
   */
  | { claimedBy: string | null; mismatch: boolean };

/** An Idempotency-Key and the hash of the request it came with (user, ledger and body). */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

/**
 * Inserts a transaction with its activity row and reads back its answer in one statement: one
 * round trip, committed on its own (see ledgerStatement); creates are the hottest write. With an idempotency key, the key is claimed in the same statement and
 * carries the new row's id from the start; a concurrent duplicate waits on the first claim's
 * uncommitted key row and then inserts nothing. The running profit up to the new row is the day's
 * committed totals minus the rows ordered after it (normally none: a new row is the day's last),
 * instead of summing the whole day.
 */
export async function insertTransaction(db: DbOrTx, v: NewTransactionValues, idempotency?: IdempotencyClaim): Promise<InsertedTransaction> {
  const activity = activityInsert(
    sql`select t.ledger_id, t.created_by, 'TRANSACTION_CREATED', t.id::text, t.fecha, null::jsonb, ${activitySnapshotSql} from ins t`,
  );
  const values = sql`${v.ledger_id}::uuid, ${v.fecha}::date, ${v.venta}::numeric, ${v.tasa_venta}::numeric, ${v.compra}::numeric,
    ${v.tasa_compra}::numeric, ${v.bs_recibidos}::numeric, ${v.bs_pagados}::numeric, ${v.ganancia_ves}::numeric,
    ${v.ganancia_usd}::numeric, ${v.comision_usd}::numeric, coalesce(${v.ocurrido_en ?? null}::timestamptz, now()), ${v.notas}::text,
    ${v.created_by}::uuid, ${v.cuenta_ves_id ?? null}::uuid, ${v.cuenta_usd_id ?? null}::uuid,
    ${v.mercado?.paralelo ?? null}::numeric, ${v.mercado?.oficial ?? null}::numeric, ${v.mercado?.fecha ?? null}::date`;
  const insertColumns = sql`ledger_id, fecha, venta, tasa_venta, compra, tasa_compra, bs_recibidos, bs_pagados, ganancia_ves, ganancia_usd,
    comision_usd, ocurrido_en, notas, created_by, cuenta_ves_id, cuenta_usd_id, mercado_paralelo, mercado_oficial, mercado_fecha`;
  const insert =
    idempotency === undefined
      ? sql`ins as (insert into transactions (${insertColumns}) values (${values}) returning *)`
      : sql`claim as (
          insert into idempotency_keys (user_id, key, transaction_id, request_hash)
          values (${v.created_by}, ${idempotency.key}, gen_random_uuid(), ${idempotency.requestHash})
          on conflict (user_id, key) do nothing returning transaction_id),
        ins as (insert into transactions (id, ${insertColumns}) select claim.transaction_id, ${values} from claim returning *)`;
  const result = await executePrepared<TransactionRow & { cum_ves: string; cum_usd: string } & Record<string, unknown>>(
    db,
    'tx_create',
    sql`
    with ${insert}, act as (${activity})
    select ${TRANSACTION_COLUMNS},
      (coalesce(d.ganancia_ves, 0) - coalesce(later.ves, 0) + t.ganancia_ves)::text as cum_ves,
      (coalesce(d.ganancia_usd, 0) - coalesce(later.usd, 0) + t.ganancia_usd)::text as cum_usd
    from ins t
    left join users u on u.id = t.created_by
    left join ledger_day_totals d on d.ledger_id = t.ledger_id and d.fecha = t.fecha
    left join lateral (
      select sum(x.ganancia_ves) as ves, sum(x.ganancia_usd) as usd from transactions x
      where x.ledger_id = t.ledger_id and x.fecha = t.fecha and (x.ocurrido_en, x.created_at, x.id) > (t.ocurrido_en, t.created_at, t.id)
    ) later on true`,
  );
  const first = result.rows[0];
  if (first) {
    const { cum_ves, cum_usd, ...row } = first;
    return { row, cumulative: { ves: cum_ves, usd: cum_usd } };
  }
  const claimed = await db.execute<{ transaction_id: string | null; request_hash: string | null }>(
    sql`select transaction_id, request_hash from idempotency_keys where user_id = ${v.created_by} and key = ${idempotency!.key}`,
  );
  const row = claimed.rows[0];
  // Keys claimed before 0007 have no hash: they answer as before.
  const mismatch = row?.request_hash != null && row.request_hash !== idempotency!.requestHash;
  return { claimedBy: row?.transaction_id ?? null, mismatch };
}
