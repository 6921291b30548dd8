/**
 * docs/benchmarks.md (DESIGN §27): a Binance sync of 5,000 orders over 180 days from a local fake
 * — ≤ 10 s — and a second sync that creates 0. Same-run baseline: the file import of the same
 * 5,000 orders into another ledger (the commit path both share), so the ratio shows what the
 * fetching (≈ 60 signed pages) adds.
 *   node --import tsx bench/binance-sync.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import type { BinanceSyncAnswer, ImportBatchResult } from '@arb/shared';
import { englishCsv } from '../apps/server/src/services/imports/fixtures/generate.ts';
import { fakeKey, generateOrders, HISTORY_PATH, startFakeBinance } from '../apps/server/test/support/fake-binance.ts';
import { fmt, printTable, seedOwner, startBench } from './support.ts';

const ORDERS = 5000;

const fake = await startFakeBinance();
const b = await startBench({ env: { BINANCE_API_URL: fake.url } });
try {
  const syncer = await seedOwner(b, 'Sincroniza');
  const importer = await seedOwner(b, 'Importa');
  const apiKey = fakeKey('benchkey');
  const apiSecret = fakeKey('benchsecret', true);
  // 179 days back from now: all inside the first sync's 180 days.
  const orders = generateOrders(ORDERS, { endMs: Date.now(), days: 179 });
  fake.addKey({ apiKey, apiSecret, orders });

  const json = async <T>(method: string, url: string, token: string, body?: unknown): Promise<{ status: number; body: T; ms: number }> => {
    const t0 = performance.now();
    const res = await fetch(`${b.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const out = (await res.json()) as T;
    return { status: res.status, body: out, ms: performance.now() - t0 };
  };

  const linked = await json('PUT', '/api/integrations/binance', syncer.token, { apiKey, apiSecret, ledgerId: syncer.ledgerId });
  if (linked.status !== 200) throw new Error(`link answered ${linked.status}: ${JSON.stringify(linked.body)}`);

  // Baseline first (a warm server either way): the same orders as a file, committed in one request.
  const csv = englishCsv(
    orders.map((o) => ({
      orderNumber: o.orderNumber,
      type: o.tradeType === 'SELL' ? 'Sell' : 'Buy',
      price: String(Number(o.unitPrice)),
      quantity: String(Number(o.amount)),
      fee: o.commission,
      time: new Date(o.createTime).toISOString().slice(0, 19).replace('T', ' '),
    })),
  );
  // The upload workers (decision 0031) are started before the baseline: their start-up is not the import's.
  await b.ctx.uploads.warm();
  const form = new FormData();
  form.set('timezone', 'UTC');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'binance.csv');
  const t0 = performance.now();
  const imported = await fetch(`${b.baseUrl}/api/ledgers/${importer.ledgerId}/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${importer.token}` },
    body: form,
  });
  const importMs = performance.now() - t0;
  const importBody = (await imported.json()) as ImportBatchResult;
  if (imported.status !== 201 || importBody.batch.created !== ORDERS)
    throw new Error(`file import answered ${imported.status}: ${JSON.stringify(importBody)}`);

  const first = await json<BinanceSyncAnswer>('POST', '/api/integrations/binance/sync', syncer.token);
  if (first.status !== 200 || first.body.creadas !== ORDERS)
    throw new Error(`first sync answered ${first.status}: ${JSON.stringify(first.body)}`);
  const pages = fake.hits(HISTORY_PATH);
  const second = await json<BinanceSyncAnswer>('POST', '/api/integrations/binance/sync', syncer.token);
  if (second.status !== 200) throw new Error(`second sync answered ${second.status}: ${JSON.stringify(second.body)}`);

  printTable(`Binance sync, ${ORDERS.toLocaleString('en')} orders over 180 days from a local fake (${pages} signed pages), ${b.target}`, [
    {
      figure: 'first sync (POST …/sync, 200)',
      budget: '<= 10 s',
      measured: `${fmt(first.ms / 1000, 2)} s`,
      baseline: `${fmt(importMs / 1000, 2)} s (file import of the same orders)`,
      ratio: fmt(first.ms / importMs, 2),
      pass: first.ms <= 10_000,
    },
    {
      figure: 'second sync creates',
      budget: '0',
      measured: `${second.body.creadas} (${fmt(second.ms, 0)} ms)`,
      baseline: '-',
      ratio: '-',
      pass: second.body.creadas === 0 && second.body.error === null,
    },
  ]);
} finally {
  await b.close();
  await fake.close();
}
