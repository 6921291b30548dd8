import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';

/**
 * Full snapshots of the rows a delete or a reset removes (docs/product.md#undo), and their way back.
 *
 * A snapshot is the whole row as jsonb (`to_jsonb`), so columns added later (fees, order numbers,
 * origin) are kept without touching this code. Numbers are stored as their exact text: a snapshot
 * passes through Node on its way into the activity row, and a JSON number would come back as a
 * float (an unscaled NUMERIC such as bs_recibidos can hold more digits than a double).
 */
export type RowSnapshot = Record<string, unknown>;

/** The row aliased `alias` as a jsonb snapshot with every number as exact text. */
export function rowSnapshotSql(alias: string): SQL {
  const row = sql.raw(alias);
  return sql`(select jsonb_object_agg(s.key, case when jsonb_typeof(s.value) = 'number' then to_jsonb(s.value #>> '{}') else s.value end)
    from jsonb_each(to_jsonb(${row})) s)`;
}

/** Columns that reference users: a restored row keeps its author only while the account exists. */
const USER_COLUMNS = new Set(['created_by', 'updated_by', 'miembro_id']);

/** The table's current columns (a snapshot may predate a column, or name one dropped since). */
async function columnsOf(tx: Tx, table: string): Promise<string[]> {
  const result = await tx.execute<{ name: string }>(sql`
    select attname as name from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped order by attnum`);
  return result.rows.map((r) => r.name);
}

/**
 * Inserts the snapshots back into `table` as they were (same ids and every column the snapshot
 * and the table share; a column the snapshot lacks takes its default). Rows whose key — or any
 * other unique value, such as an import's order number — is already back are skipped, and the
 * ids that did go in are returned, so the caller can refuse a partial restore (RESTORE_CONFLICT).
 */
export async function insertSnapshots(
  tx: Tx,
  table: 'transactions' | 'daily_balances' | 'movimientos',
  snapshots: RowSnapshot[],
  returning: string,
): Promise<string[]> {
  if (snapshots.length === 0) return [];
  const keys = new Set(snapshots.flatMap((s) => Object.keys(s)));
  const columns = (await columnsOf(tx, table)).filter((c) => keys.has(c));
  const target = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((c) =>
      USER_COLUMNS.has(c) ? sql`(select u.id from users u where u.id = r.${sql.identifier(c)})` : sql`r.${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  const result = await tx.execute<{ key: string }>(sql`
    insert into ${sql.identifier(table)} (${target})
    select ${values} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(snapshots)}::jsonb) r
    on conflict do nothing
    returning ${sql.identifier(returning)}::text as key`);
  return result.rows.map((r) => r.key);
}
