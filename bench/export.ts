/**
 * docs/benchmarks.md: Excel export of a day with 1,000 transactions <= 500 ms (median of sequential
 * requests through HTTP, the whole file received), beside the bare route in the same run.
 *   node --import tsx bench/export.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { fmt, medianMs, printTable, seedOwner, seedTransactions, startBench } from './support.ts';

const DAY = '2026-11-20';
const N = Number(process.env.BENCH_REQUESTS ?? 15);

const b = await startBench();
try {
  const o = await seedOwner(b, 'Exportar');
  await seedTransactions(b, o, 1000, 1, DAY);
  const url = `${b.baseUrl}/api/transactions/export-daily?ledgerId=${o.ledgerId}&fecha=${DAY}`;
  const probe = await fetch(url, { headers: { authorization: `Bearer ${o.token}` } });
  const size = (await probe.arrayBuffer()).byteLength;
  if (!probe.ok) throw new Error(`export answered ${probe.status}`);
  const bare = await medianMs(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${DAY}`, undefined, N);
  const ms = await medianMs(url, o.token, N, 2);
  printTable(`Excel export, 1,000 transactions (${fmt(size / 1024, 0)} KB), median of ${N} requests, ${b.target}`, [
    {
      figure: 'export-daily median',
      budget: '<= 500 ms',
      measured: `${fmt(ms, 1)} ms`,
      baseline: `${fmt(bare, 2)} ms`,
      ratio: fmt(ms / bare, 1),
      pass: ms <= 500,
    },
  ]);
} finally {
  await b.close();
}
