import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatchResult, ImportPreview } from '@arb/shared';
import { englishCsv, manyOrders } from '../src/services/imports/fixtures/generate.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

/**
 * docs/api.md: the preview's `rows` are the first 1,000, its `counts` cover the file. Orders dated
 * in a closed period (DESIGN §22: skipped, "Período liquidado") were only counted among the first
 * 1,000 rows: a longer file's older orders in a closed month were announced as new, and the commit
 * then skipped them — the preview promised operations the import did not make.
 */
describe('an import preview counts the whole file’s orders of a closed period', () => {
  let t: TestApp;
  let ana: TestUser;
  // 1,500 orders, newest first, 7 minutes apart from 31 May 2024 23:00 UTC back to about the 24th:
  // the first 1,000 rows (the preview's) are all after the 25th.
  const csv = englishCsv(manyOrders(1_500, 41_000_000_000_000_000_000n));
  const form = () => multipart({ timezone: 'UTC' }, [{ name: 'file', filename: 'orders.csv', contentType: 'text/csv', data: csv }]);

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    const closed = await t.request({
      method: 'POST',
      url: `/api/ledgers/${ana.ledgerId}/liquidaciones`,
      token: ana.token,
      payload: { desde: '2024-05-01', hasta: '2024-05-25' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
  });
  afterAll(async () => t?.close());

  it('the preview’s counts are what the commit does', async () => {
    const pre = await t.request({ method: 'POST', url: `/api/ledgers/${ana.ledgerId}/imports/preview`, token: ana.token, ...form() });
    expect(pre.statusCode, pre.body).toBe(200);
    const preview = pre.json() as ImportPreview;
    // None of the rows shown is in the closed period: the skipped ones are all past row 1,000.
    expect(preview.rows).toHaveLength(1_000);
    expect(preview.rows.every((r) => r.action === 'new')).toBe(true);
    expect(preview.counts.skipped).toBeGreaterThan(0);

    const done = await t.request({ method: 'POST', url: `/api/ledgers/${ana.ledgerId}/imports`, token: ana.token, ...form() });
    expect(done.statusCode, done.body).toBe(201);
    const { batch } = done.json() as ImportBatchResult;
    expect(preview.counts).toEqual({ new: batch.created, duplicate: batch.duplicate, skipped: batch.skipped });
  });
});
