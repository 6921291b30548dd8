import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema.ts';
import { hitRateLimit } from '../src/services/rate-limit.ts';
import { createRateLimitPurger, PURGE_GRACE_MS, purgeExpiredRateLimits } from '../src/services/rate-limit-purge.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const MIN = 60_000;
let t: TestApp;

/** Rows named `${prefix}-${i}` whose window ended (or ends) at now + offsetMs. */
async function seed(prefix: string, n: number, offsetMs: number) {
  const resetAt = new Date(t.clock.now.getTime() + offsetMs);
  const windowStart = new Date(resetAt.getTime() - 15 * MIN);
  await t.ctx.db
    .insert(rateLimits)
    .values(Array.from({ length: n }, (_, i) => ({ key: `${prefix}-${i}`, count: 3, windowStart, resetAt })));
}
const keys = async () => (await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();

beforeAll(async () => {
  t = await createTestApp();
  // The app's own job purges once at start-up, whenever it gets to run: stop it (waiting for that
  // run) so that it cannot delete the rows a test seeds before the test's own purge does.
  await t.rateLimitPurger.stop();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(rateLimits);
});

describe('purge of ended rate-limit windows', () => {
  it('deletes windows that ended more than the grace ago, in batches; keeps running and just-ended ones', async () => {
    await seed('old', 25, -60 * MIN);
    await seed('just-ended', 2, -PURGE_GRACE_MS / 2);
    await seed('live', 3, 5 * MIN);
    const result = await purgeExpiredRateLimits(t.ctx.db, t.clock.now, { batchSize: 10 });
    expect(result).toEqual({ deleted: 25, more: false });
    expect(await keys()).toEqual(['just-ended-0', 'just-ended-1', 'live-0', 'live-1', 'live-2']);
  });

  it('one run is bounded: it stops after maxBatches and says more is left', async () => {
    await seed('old', 25, -60 * MIN);
    expect(await purgeExpiredRateLimits(t.ctx.db, t.clock.now, { batchSize: 10, maxBatches: 2 })).toEqual({ deleted: 20, more: true });
    expect(await keys()).toHaveLength(5);
    expect(await purgeExpiredRateLimits(t.ctx.db, t.clock.now, { batchSize: 10, maxBatches: 2 })).toEqual({ deleted: 5, more: false });
    expect(await keys()).toEqual([]);
  });

  it('skips a row another transaction holds instead of waiting for it; the next run takes it', async () => {
    await seed('old', 3, -60 * MIN);
    await t.ctx.db.transaction(async (tx) => {
      await tx.select().from(rateLimits).where(eq(rateLimits.key, 'old-1')).for('update');
      // On another pool connection: it must not block on old-1.
      expect((await purgeExpiredRateLimits(t.ctx.db, t.clock.now)).deleted).toBe(2);
    });
    expect(await keys()).toEqual(['old-1']);
    expect((await purgeExpiredRateLimits(t.ctx.db, t.clock.now)).deleted).toBe(1);
  });

  it('a limit counted after a purge starts a fresh window, as it would have anyway', async () => {
    const key = 'login:ana@example.com:127.0.0.1';
    await hitRateLimit(t.ctx.db, key, 15 * MIN, new Date(t.clock.now.getTime() - 20 * MIN));
    await purgeExpiredRateLimits(t.ctx.db, t.clock.now);
    expect(await keys()).toEqual([]);
    expect((await hitRateLimit(t.ctx.db, key, 15 * MIN, t.clock.now)).count).toBe(1);
  });

  it('the periodic job runs at start, repeats on its interval, catches up on a backlog, and stops cleanly', async () => {
    await seed('old', 12, -60 * MIN);
    const logged: unknown[] = [];
    const log = { info: (o: unknown) => logged.push(o), warn: () => undefined } as never;
    const purger = createRateLimitPurger({
      db: t.ctx.db,
      now: () => t.clock.now,
      log,
      batchSize: 5,
      maxBatches: 1,
      intervalMs: 50,
      catchUpMs: 10,
    });
    purger.start();
    try {
      await expect.poll(keys, { timeout: 5_000 }).toEqual([]);
      await seed('later', 2, -60 * MIN); // expired rows appearing later go at a following run
      await expect.poll(keys, { timeout: 5_000 }).toEqual([]);
    } finally {
      await purger.stop();
    }
    expect(logged).toContainEqual({ deleted: 5, more: true });
    await seed('after-stop', 1, -60 * MIN);
    await new Promise((r) => setTimeout(r, 150));
    expect(await keys()).toEqual(['after-stop-0']);
  });

  it('every app instance starts the job with the app: a new instance purges what it finds', async () => {
    await seed('stale', 4, -60 * MIN);
    await seed('fresh', 1, 5 * MIN);
    const second = await createTestApp({}, { database: t.database });
    try {
      await expect.poll(() => t.ctx.db.select().from(rateLimits).where(like(rateLimits.key, 'stale-%')), { timeout: 5_000 }).toEqual([]);
      expect(await keys()).toEqual(['fresh-0']);
    } finally {
      await second.close();
    }
  });
});
