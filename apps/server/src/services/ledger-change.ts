import { inArray, sql, type SQL } from 'drizzle-orm';
import { activity, ledgerRevisions } from '../db/schema.ts';
import type { Db, DbOrTx, Tx } from '../db/database.ts';
import type { EventBus, LedgerEvent } from '../lib/ledger-events.ts';

export interface ActivityEntry {
  ledgerId: string;
  userId: string | null;
  action: string;
  entityId?: string | null;
  fecha?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface ChangeContext {
  tx: Tx;
  /** Records who did what; written in the same database transaction as the change. */
  record(entry: ActivityEntry): void;
  /** Queues a realtime event; published only after the transaction commits. */
  emit(event: LedgerEvent): void;
}

/**
 * The one path every ledger change takes (docs/product.md#reliability-rules): the change and its activity rows commit
 * together in one database transaction, and the realtime events go out only after the commit,
 * so no client is told of a change that was rolled back. The touched ledgers' revision is bumped
 * in the same transaction (at its commit, see below).
 */
export async function ledgerChange<T>(db: Db, bus: EventBus, fn: (ctx: ChangeContext) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await changeOnce(db, bus, fn);
    } catch (err) {
      if (attempt >= RETRIES || !isRetryable(err)) throw err;
    }
  }
}

/** Attempts of a change that lost a deadlock or a serialization conflict (issue 17). */
const RETRIES = 3;

/**
 * 40P01 (deadlock_detected) and 40001 (serialization_failure): PostgreSQL rolled the whole
 * transaction back, so running it again is safe and answers what the user asked for instead of a
 * 500. Two edits moving rows between the same two days in opposite directions take the two days'
 * total rows in opposite orders (the day-totals trigger, migration 0011), which can deadlock.
 */
function isRetryable(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

async function changeOnce<T>(db: Db, bus: EventBus, fn: (ctx: ChangeContext) => Promise<T>): Promise<T> {
  const events: LedgerEvent[] = [];
  const result = await db.transaction(async (tx) => {
    const entries: ActivityEntry[] = [];
    const value = await fn({ tx, record: (e) => entries.push(e), emit: (e) => events.push(e) });
    if (entries.length > 0) {
      await tx.insert(activity).values(
        entries.map((e) => ({
          ledgerId: e.ledgerId,
          userId: e.userId,
          action: e.action,
          entityId: e.entityId ?? null,
          fecha: e.fecha ?? null,
          before: e.before ?? null,
          after: e.after ?? null,
        })),
      );
    }
    // Every ledger this change touched gets a new revision in the same transaction, so cached
    // answers about it (the day's balances) are known to be stale on every instance. Ledgers with
    // an activity row are bumped at commit by the activity trigger (migration 0003); only a ledger
    // that got an event without one is bumped here.
    const recorded = new Set(entries.map((e) => e.ledgerId));
    const unrecorded = [...new Set(events.map((e) => e.ledgerId))].filter((id) => !recorded.has(id));
    if (unrecorded.length > 0) {
      await tx
        .update(ledgerRevisions)
        .set({ revision: sql`${ledgerRevisions.revision} + 1` })
        .where(inArray(ledgerRevisions.ledgerId, unrecorded));
    }
    return value;
  });
  for (const e of events) bus.publishLedger(e);
  return result;
}

/**
 * For changes outside a ledger that still alter what its answers show (a member renamed, an
 * author deleted): bump the revision of every ledger the user belongs to or wrote in, so cached day answers
 * are recomputed with the new name.
 */
export async function touchLedgersOf(db: DbOrTx, userId: string): Promise<void> {
  // Also the ledgers they only wrote in: an ex-member's rows still show their name (issue 17).
  await db.execute(sql`update ledger_revisions set revision = revision + 1 where ledger_id in (
    select ledger_id from ledger_members where user_id = ${userId}
    union select distinct ledger_id from transactions where created_by = ${userId})`);
}

/**
 * The same path for a change that is a single SQL statement (creating a transaction, the hottest
 * write): the statement writes the change and its activity rows itself, through data-modifying
 * CTEs whose activity insert is built by `activityInsert`, so it commits atomically on its own
 * without BEGIN/COMMIT round trips; the activity trigger bumps the ledger's revision at that
 * commit; and the events go out only after it returned, i.e. after the commit.
 */
export async function ledgerStatement<T>(db: Db, bus: EventBus, run: (db: Db) => Promise<{ value: T; events: LedgerEvent[] }>): Promise<T> {
  const { value, events } = await run(db);
  for (const e of events) bus.publishLedger(e);
  return value;
}

/** An activity insert for a CTE of a one-statement change; `rows` selects (ledger_id, user_id, action, entity_id, fecha, before, after). */
export function activityInsert(rows: SQL): SQL {
  return sql`insert into activity (ledger_id, user_id, action, entity_id, fecha, before, after) ${rows}`;
}
