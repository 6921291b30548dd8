import { and, eq, gt, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema.ts';
import type { DbOrTx } from '../db/database.ts';

export interface WindowState {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in the database (docs/architecture.md: limits hold across instances). One
 * upsert counts a hit atomically, starting a new window when the old one has ended.
 */
export async function hitRateLimit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<WindowState> {
  const resetAt = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${ended} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        resetAt: sql`case when ${ended} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

/** The current window of `key`, if one is running. */
export async function readRateLimit(db: DbOrTx, key: string, now: Date): Promise<WindowState | undefined> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)))
    .limit(1);
  return row;
}

export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * A cooldown: the first call starts it and answers 0; calls while it runs answer the seconds
 * left (without extending it).
 */
export async function takeCooldown(db: DbOrTx, key: string, seconds: number, now: Date): Promise<number> {
  const state = await hitRateLimit(db, key, seconds * 1000, now);
  if (state.count <= 1) return 0;
  return Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
}
