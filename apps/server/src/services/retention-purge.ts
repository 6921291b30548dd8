import { REFRESH_TOKEN_TTL_DAYS } from '@arb/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import type { PurgeOptions } from './rate-limit-purge.ts';

const DAY_MS = 86_400_000;

/**
 * How long finished rows are kept before the periodic purge removes them (issue 17): long enough to
 * look into a complaint of last week, short enough that no table grows with the app's age. Sent
 * mails hold raw verify/reset links, so they must not stay around either.
 */
export const RETENTION_MS = 7 * DAY_MS;

export interface RetentionResult {
  idempotencyKeys: number;
  sessions: number;
  loginSessions: number;
  emailOutbox: number;
  telegramMessages: number;
  rateSnapshots: number;
  /** Some table stopped at maxBatches with rows left for the next run. */
  more: boolean;
}

/**
 * Deletes, in statements of at most `batchSize` rows, the rows `pick` selects (it must end in
 * `limit ${batchSize} for update skip locked`, so that instances never wait on each other or on a
 * writer). `pick` selects the key columns named by `key`.
 */
async function inBatches(
  db: DbOrTx,
  table: SQL,
  key: SQL,
  pick: (limit: number) => SQL,
  opts: PurgeOptions,
): Promise<{ deleted: number; more: boolean }> {
  const batchSize = opts.batchSize ?? 1_000;
  const maxBatches = opts.maxBatches ?? 50;
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const r = await db.execute(sql`delete from ${table} where ${key} in (${pick(batchSize)}) returning 1 as one`);
    deleted += r.rows.length;
    if (r.rows.length < batchSize) return { deleted, more: false };
  }
  return { deleted, more: true };
}

/**
 * The purge of what would otherwise grow forever (issue 17). Each rule keeps what some reader
 * still needs:
 * - idempotency keys: a retry comes within seconds or minutes, never a week later;
 * - refresh-token rows that are expired or revoked: presenting one answers 401 whether its row
 *   exists or not (rotateRefreshToken checks expiry and revocation before reuse detection);
 * - sign-ins revoked a week ago, or whose last refresh token expired a week ago (the sessions
 *   list shows only those used within the token's lifetime);
 * - sent mails, and Telegram messages sent or given up on (their dedupe keys name a change or
 *   today's summary, neither of which is queued again a week later);
 * - rate snapshots older than a week except the last of each day per source: the average-cost
 *   reference rate of a day is the last snapshot fetched up to that day's end in APP_TIMEZONE
 *   (avg-cost/position.ts), and the current rate is the newest row, which is always kept.
 */
export async function purgeRetention(db: DbOrTx, now: Date, timeZone: string, opts: PurgeOptions = {}): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - RETENTION_MS).toISOString();
  const nowIso = now.toISOString();
  const loginCutoff = new Date(now.getTime() - RETENTION_MS - REFRESH_TOKEN_TTL_DAYS * DAY_MS).toISOString();

  const idem = await inBatches(
    db,
    sql`idempotency_keys`,
    sql`(user_id, key)`,
    (n) => sql`select user_id, key from idempotency_keys where created_at < ${cutoff}::timestamptz limit ${n} for update skip locked`,
    opts,
  );
  const sess = await inBatches(
    db,
    sql`sessions`,
    sql`id`,
    (n) => sql`select id from sessions
      where expires_at <= ${nowIso}::timestamptz or revoked_at < ${cutoff}::timestamptz limit ${n} for update skip locked`,
    opts,
  );
  const logins = await inBatches(
    db,
    sql`login_sessions`,
    sql`id`,
    (n) => sql`select id from login_sessions
      where revoked_at < ${cutoff}::timestamptz or last_used_at < ${loginCutoff}::timestamptz limit ${n} for update skip locked`,
    opts,
  );
  const mail = await inBatches(
    db,
    sql`email_outbox`,
    sql`id`,
    (n) => sql`select id from email_outbox where sent_at < ${cutoff}::timestamptz limit ${n} for update skip locked`,
    opts,
  );
  const telegram = await inBatches(
    db,
    sql`telegram_messages`,
    sql`id`,
    (n) => sql`select id from telegram_messages
      where sent_at < ${cutoff}::timestamptz or failed_at < ${cutoff}::timestamptz limit ${n} for update skip locked`,
    opts,
  );
  const rates = await inBatches(
    db,
    sql`rate_snapshots`,
    sql`id`,
    (n) => sql`select s.id from rate_snapshots s
      where s.fetched_at < ${cutoff}::timestamptz and exists (
        select 1 from rate_snapshots l where l.source = s.source and l.id > s.id
          and (l.fetched_at at time zone ${timeZone})::date = (s.fetched_at at time zone ${timeZone})::date)
      limit ${n} for update of s skip locked`,
    opts,
  );
  return {
    idempotencyKeys: idem.deleted,
    sessions: sess.deleted,
    loginSessions: logins.deleted,
    emailOutbox: mail.deleted,
    telegramMessages: telegram.deleted,
    rateSnapshots: rates.deleted,
    more: [idem, sess, logins, mail, telegram, rates].some((r) => r.more),
  };
}
