import { and, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rateLimits } from '../db/schema.ts';
import type { DbOrTx } from '../db/database.ts';

/**
 * An ended window carries no information (the next hit starts a new one), but its row stays:
 * every email and address that ever failed a login or asked for a mail leaves one behind. This
 * removes them. Windows are kept for a minute after they end, so an instance whose clock runs a
 * little behind never sees a window it still counts disappear.
 */
export const PURGE_GRACE_MS = 60_000;

export interface PurgeOptions {
  /** Rows deleted per statement: a short statement holds its locks briefly. */
  batchSize?: number;
  /** Statements per run; a backlog larger than batchSize × maxBatches is left for the next run. */
  maxBatches?: number;
}

export interface PurgeResult {
  deleted: number;
  /** The run stopped at maxBatches with expired rows left. */
  more: boolean;
}

export async function purgeExpiredRateLimits(db: DbOrTx, now: Date, opts: PurgeOptions = {}): Promise<PurgeResult> {
  const batchSize = opts.batchSize ?? 1_000;
  const maxBatches = opts.maxBatches ?? 50;
  const cutoff = new Date(now.getTime() - PURGE_GRACE_MS);
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    // SKIP LOCKED: a row a login is counting right now is left alone (it is about to be live
    // again), and purges of several instances never wait on each other. The outer condition is
    // checked again on the locked row, in case its window restarted meanwhile.
    const expired = db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lte(rateLimits.resetAt, cutoff))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(rateLimits)
      .where(and(inArray(rateLimits.key, expired), lte(rateLimits.resetAt, cutoff)))
      .returning({ key: rateLimits.key });
    deleted += rows.length;
    if (rows.length < batchSize) return { deleted, more: false };
  }
  return { deleted, more: true };
}

export interface RateLimitPurgerOptions extends PurgeOptions {
  db: DbOrTx;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Between runs; default 10 minutes (windows last 30 s to 15 min). */
  intervalMs?: number;
  /** Before the next run when the last one left a backlog. */
  catchUpMs?: number;
  /** Other expired secrets erased on each run (refresh grace successors, docs/product.md#account-security). */
  sweep?: (now: Date) => Promise<unknown>;
}

export interface RateLimitPurger {
  /** Runs once now, then every interval. */
  start(): void;
  /** Cancels the next run and waits for one in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/** The periodic purge, one per instance: each is cheap and SKIP LOCKED keeps them apart. */
export function createRateLimitPurger(opts: RateLimitPurgerOptions): RateLimitPurger {
  const intervalMs = opts.intervalMs ?? 10 * 60_000;
  const catchUpMs = opts.catchUpMs ?? 1_000;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  const schedule = (ms: number) => {
    if (!running) return;
    // unref: a pending purge never keeps a process alive (CLIs, tests).
    timer = setTimeout(run, ms).unref();
  };

  function run() {
    current = (async () => {
      let next = intervalMs;
      try {
        const { deleted, more } = await purgeExpiredRateLimits(opts.db, opts.now(), opts);
        await opts.sweep?.(opts.now());
        if (deleted > 0) opts.log.info({ deleted, more }, 'rate_limits: expired windows purged');
        if (more) next = catchUpMs;
      } catch (err) {
        // A database hiccup only delays the purge; the counters themselves keep working.
        if (running) opts.log.warn({ err }, 'rate_limits purge failed; will retry');
      }
      schedule(next);
    })();
  }

  return {
    start() {
      if (running) return;
      running = true;
      run();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
