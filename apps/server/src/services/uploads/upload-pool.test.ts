import { afterEach, describe, expect, it } from 'vitest';
import { englishCsv, manyOrders } from '../imports/fixtures/generate.ts';
import { createUploadPool, type UploadPool } from './upload-pool.ts';

/** docs/product.md#upload-limits: the pool's own limits (time, queue, memory) with tiny settings. */
const opts = { timezone: 'America/Caracas', ledgerZone: 'America/Caracas' };
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { code?: string }) => err.code,
  );

describe('upload pool', () => {
  let pool: UploadPool | undefined;
  afterEach(async () => pool?.close());

  it('reads a file in a worker thread and answers its counts', async () => {
    pool = createUploadPool({ workers: 1 });
    const parsed = await pool.run('import-preview', englishCsv(manyOrders(5)), opts);
    expect(parsed.counts).toEqual({ new: 5, duplicate: 0, skipped: 0 });
    expect(parsed.newOrders).toHaveLength(5);
  }, 30_000);

  it('refuses a file still being read at the time limit (its worker terminated), and one more than the queue holds', async () => {
    pool = createUploadPool({ workers: 1, queue: 0, timeoutMs: 50 });
    const file = englishCsv(manyOrders(5));
    const [first, second] = await Promise.all([
      codeOf(pool.run('import-preview', file, opts)),
      codeOf(pool.run('import-preview', file, opts)),
    ]);
    expect([first, second]).toEqual(['UPLOAD_REJECTED', 'UPLOAD_BUSY']);
  }, 30_000);

  it('a file that needs more memory than its worker has ends that worker only: a 400, and the next file is read', async () => {
    pool = createUploadPool({ workers: 1, memoryMb: 32 });
    expect(await codeOf(pool.run('import-orders', englishCsv(manyOrders(50_000)), opts))).toBe('UPLOAD_REJECTED');
    const next = await pool.run('import-orders', englishCsv(manyOrders(5)), opts);
    expect(next.orders).toHaveLength(5);
  }, 60_000);

  it('limit() holds other upload work to the same bound', async () => {
    pool = createUploadPool({ workers: 2, queue: 1 });
    let running = 0;
    let most = 0;
    const work = () =>
      pool!.limit(async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 30));
        running--;
        return 'ok';
      });
    const codes = await Promise.all([1, 2, 3, 4].map(() => codeOf(work())));
    expect(codes).toEqual(['ok', 'ok', 'ok', 'UPLOAD_BUSY']);
    expect(most).toBe(2);
  });
});
