/**
 * docs/benchmarks.md: balances of a day with 200 transactions at 50 connections — p99 <= 25 ms and
 * throughput >= 40% of a bare Fastify route doing one indexed query on the same database, same run.
 * Two ledgers: the 200-transaction day alone, and the same day on a ledger with 100,000 earlier
 * transactions and no explicit base (the carry-forward's worst case: it sums all of them).
 *   node --import tsx bench/balances.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { cannon, fmt, printTable, seedOwner, seedTransactions, startBench, type Row } from './support.ts';

const DAY = '2026-11-20';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const b = await startBench();
try {
  const small = await seedOwner(b, 'Balances');
  await seedTransactions(b, small, 200, 1, DAY);
  const big = await seedOwner(b, 'Balances historia');
  await seedTransactions(b, big, 100_000, 1095, '2026-11-19');
  await seedTransactions(b, big, 200, 1, DAY);

  const check = await fetch(`${b.baseUrl}/api/transactions/balances?ledgerId=${small.ledgerId}&fecha=${DAY}`, {
    headers: { authorization: `Bearer ${small.token}` },
  });
  const body = (await check.json()) as { transacciones_con_acumulados: unknown[] };
  if (body.transacciones_con_acumulados.length !== 200) throw new Error('seed did not produce 200 transactions');

  // Warm up both paths (JIT, pool, plan cache), then measure in one run.
  await cannon(`${b.baseUrl}/bench/bare?ledgerId=${small.ledgerId}&fecha=${DAY}`, undefined, 50, 2);
  await cannon(`${b.baseUrl}/api/transactions/balances?ledgerId=${small.ledgerId}&fecha=${DAY}`, small.token, 50, 2);
  const bare = await cannon(`${b.baseUrl}/bench/bare?ledgerId=${small.ledgerId}&fecha=${DAY}`, undefined, 50, SECONDS);
  const day = await cannon(`${b.baseUrl}/api/transactions/balances?ledgerId=${small.ledgerId}&fecha=${DAY}`, small.token, 50, SECONDS);
  const hist = await cannon(`${b.baseUrl}/api/transactions/balances?ledgerId=${big.ledgerId}&fecha=${DAY}`, big.token, 50, SECONDS);

  const rows: Row[] = [];
  for (const [label, r] of [
    ['200-tx day', day],
    ['200-tx day + 100k history', hist],
  ] as const) {
    rows.push({
      figure: `${label}: p99 ms`,
      budget: '<= 25',
      measured: fmt(r.p99),
      baseline: fmt(bare.p99),
      ratio: fmt(r.p99 / bare.p99, 2),
      pass: r.p99 <= 25,
    });
    rows.push({
      figure: `${label}: req/s`,
      budget: '>= 40% of bare',
      measured: fmt(r.rps, 0),
      baseline: fmt(bare.rps, 0),
      ratio: `${fmt((100 * r.rps) / bare.rps)}%`,
      pass: r.rps >= 0.4 * bare.rps && r.errors === 0 && r.non2xx === 0,
    });
    rows.push({
      figure: `${label}: p50 ms`,
      budget: '-',
      measured: fmt(r.p50),
      baseline: fmt(bare.p50),
      ratio: fmt(r.p50 / Math.max(bare.p50, 1), 2),
      pass: null,
    });
  }
  printTable(`Balances, 50 connections, ${SECONDS} s each, ${b.target}`, rows);
} finally {
  await b.close();
}
