import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../src/services/backup.ts';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.ts';
import { createUser } from './support/users.ts';

const MB = 1024 * 1024;

/** The peak RSS growth of this process while `work` runs, sampled every 10 ms. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - base;
}

/**
 * Issue 17 / docs/operations.md: backups stream rows, so a database with 200,000
 * transactions and 50 proofs of 1 MB backs up and restores within 300 MB of memory.
 * About 45 s on the 2-core machine, so it runs once per `npm test`: on the embedded database (the
 * backup code is the same SQL on PostgreSQL, where backup.test.ts runs too). ARB_LARGE_TESTS=1
 * runs it on PostgreSQL as well.
 */
describe.skipIf(process.env.TEST_DB_TARGET === 'postgres' && !process.env.ARB_LARGE_TESTS)('backup of a large database', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-backup-large-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('200,000 transactions and 50 proofs of 1 MB, both ways within 300 MB', async () => {
    const u = await createUser(t);
    await t.database.pool.query(
      `insert into transactions (ledger_id, fecha, venta, tasa_venta, bs_recibidos, ganancia_ves, created_by)
       select $1, date '2020-01-01' + (i % 1000), 10.25, 40.1234, 411.26485, 0.01, $2 from generate_series(1, 200000) i`,
      [u.ledgerId, u.id],
    );
    // 32 hex characters × 32,768 = 1 MB per image, each different
    await t.database.pool.query(
      `insert into payment_proofs (user_id, image, mime_type)
       select $1, convert_to(repeat(md5(i::text), 32768), 'UTF8'), 'image/png' from generate_series(1, 50) i`,
      [u.id],
    );
    const file = path.join(dir, 'large.json.gz');
    const written = await peakGrowth(() => writeBackup(t.database.pool, file));
    expect(statSync(file).size).toBeGreaterThan(0);
    const target = await createTestDatabase();
    try {
      const restored = await peakGrowth(() => restoreBackup(target.pool, file));
      console.info(`backup: +${Math.round(written / MB)} MB, restore: +${Math.round(restored / MB)} MB of RSS`);
      expect(written).toBeLessThan(300 * MB);
      expect(restored).toBeLessThan(300 * MB);
      const check = `select (select count(*)::int from transactions) as n, (select sum(bs_recibidos)::text from transactions) as s,
        (select string_agg(md5(image), ',' order by md5(image)) from payment_proofs) as images,
        (select sum(transaction_count)::int from ledger_day_totals) as totals`;
      const [a, b] = await Promise.all([t.database.pool.query(check), target.pool.query(check)]);
      expect(b.rows[0].n).toBe(a.rows[0].n);
      expect(b.rows[0]).toEqual(a.rows[0]);
    } finally {
      await target.close();
    }
  }, 600_000);
});
