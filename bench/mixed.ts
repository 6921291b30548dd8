/**
 * Sustained mixed load (issue 12): reads of a day's balances and history from 40 connections and
 * creates from 10, together for BENCH_MIXED_SECONDS (default 60). Must finish with 0 errors; the
 * server's memory is reported before and after.
 *   node --import tsx bench/mixed.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { cannon, fmt, printTable, seedOwner, seedTransactions, startBench } from './support.ts';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const DAY = '2026-11-20';
const mb = (n: number) => `${fmt(n / 1024 / 1024)} MB`;

const b = await startBench();
try {
  const o = await seedOwner(b, 'Mixta');
  await seedTransactions(b, o, 5_000, 90, DAY);
  const body = { ledgerId: o.ledgerId, fecha: DAY, venta: 50, tasa_venta: 41, compra: 50, tasa_compra: 40 };
  global.gc?.();
  const before = process.memoryUsage();
  const [reads, history, creates] = await Promise.all([
    cannon(`${b.baseUrl}/api/transactions/balances?ledgerId=${o.ledgerId}&fecha=${DAY}`, o.token, 30, SECONDS),
    cannon(`${b.baseUrl}/api/transactions/history-summary?ledgerId=${o.ledgerId}&hasta=${DAY}`, o.token, 10, SECONDS),
    cannon(`${b.baseUrl}/api/transactions`, o.token, 10, SECONDS, { body }),
  ]);
  global.gc?.();
  const after = process.memoryUsage();
  const errors = (r: typeof reads) => r.errors + r.non2xx;
  printTable(`Mixed load, 50 connections, ${SECONDS} s — ${b.target}`, [
    {
      figure: 'balances reads/s (30 conn)',
      budget: '0 errors',
      measured: `${fmt(reads.rps, 0)} (${errors(reads)} errors)`,
      baseline: '-',
      ratio: '-',
      pass: errors(reads) === 0,
    },
    {
      figure: 'history reads/s (10 conn)',
      budget: '0 errors',
      measured: `${fmt(history.rps, 0)} (${errors(history)} errors)`,
      baseline: '-',
      ratio: '-',
      pass: errors(history) === 0,
    },
    {
      figure: 'creates/s (10 conn)',
      budget: '0 errors',
      measured: `${fmt(creates.rps, 0)} (${errors(creates)} errors)`,
      baseline: '-',
      ratio: '-',
      pass: errors(creates) === 0,
    },
    {
      figure: 'server RSS before → after',
      budget: '-',
      measured: `${mb(before.rss)} → ${mb(after.rss)}`,
      baseline: '-',
      ratio: '-',
      pass: null,
    },
    {
      figure: 'server heap before → after',
      budget: '-',
      measured: `${mb(before.heapUsed)} → ${mb(after.heapUsed)}`,
      baseline: '-',
      ratio: '-',
      pass: null,
    },
  ]);
} finally {
  await b.close();
}
