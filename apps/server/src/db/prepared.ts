import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
import type { DbOrTx } from './database.ts';

const dialect = new PgDialect();
/** Statement names by query text: the text of a hot statement comes in few shapes. */
const names = new Map<string, string>();
const MAX_NAMES = 64;

/**
 * `db.execute(query)` as a named prepared statement (docs/decisions/0021): PostgreSQL parses and
 * plans it once per connection instead of on every call. For the hottest statements only (a
 * create, the day's read): under the mixed load, planning the day's read each time cost more than
 * running it, and parsing the create's CTEs about a quarter of its own CPU.
 *
 * The name is derived from the text, so a text that changes shape gets its own statement (node-pg
 * refuses one name with two texts on a connection); past MAX_NAMES shapes the query runs unnamed,
 * so a caller whose text varies freely cannot fill PostgreSQL's memory with statements. Results
 * are those of `db.execute` (drizzle's session: the same type parsers, dates and timestamps as text).
 */
export async function executePrepared<T extends QueryResultRow>(db: DbOrTx, label: string, query: SQL): Promise<QueryResult<T>> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `${label}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
    names.set(built.sql, name);
  }
  const prepared = db._.session.prepareQuery({ sql: built.sql, params: built.params }, undefined, name, false);
  return (await prepared.execute()) as QueryResult<T>;
}
