/**
 * docs/benchmarks.md "mixed load" (issue 23): on one day, 10 connections create transactions while 40 read
 * its balances, for BENCH_MIXED_SECONDS (default 10). Budget: reads p99 <= 50 ms and >= 25% of the
 * reads-only throughput of the same run; creates p99 <= 150 ms; 0 errors.
 *
 * The creates grow the day (from 200 rows to a thousand or more in 10 s), and a bigger day is a
 * bigger answer to send (~650 bytes a row): reads-only on the grown day are several times slower
 * than on the 200-row one, whatever the cache does. So the budget's baseline is reads-only, in the
 * same run, on a day of the mixed phase's mean size (seeded next to it once that size is known);
 * reads-only on the 200-row day before and on the grown day after are printed beside it. The
 * server's memory is reported too. DESIGN §28 "Budgets": the load holds with both accounts set on
 * every row, so it runs twice, each on its own ledger: without accounts (the figures of earlier
 * runs) and with a Bs and a USD account named by every seeded and created row.
 *   node --import tsx bench/mixed.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { cannon, fmt, load, printTable, seedOwner, seedRowAccounts, seedTransactions, startBench, type CannonResult } from './support.ts';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 10);
const DAY = '2026-11-20';
const mb = (n: number) => `${fmt(n / 1024 / 1024)} MB`;
const errors = (r: CannonResult) => r.errors + r.non2xx;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
/** Readers ask as Chromium does: a day's answer comes gzipped (docs/decisions/0019). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const read = (url: string, token: string, seconds = SECONDS) => load(url, token, 40, seconds, { headers: BROWSER });

const b = await startBench();

/** One mixed measurement on a fresh ledger; with `withAccounts` every row names both accounts. */
async function phase(withAccounts: boolean): Promise<void> {
  const o = await seedOwner(b, withAccounts ? 'Mixta con cuentas' : 'Mixta');
  const cuentas = withAccounts ? await seedRowAccounts(b, o) : null;
  /** The seeded rows name the accounts too (the per-account totals' triggers keep them as a create would). */
  const seed = async (count: number, days: number, lastDay: string) => {
    await seedTransactions(b, o, count, days, lastDay);
    if (cuentas)
      await b.database.pool.query(
        'update transactions set cuenta_ves_id = $2, cuenta_usd_id = $3 where ledger_id = $1 and cuenta_ves_id is null',
        [o.ledgerId, cuentas.cuenta_ves_id, cuentas.cuenta_usd_id],
      );
  };
  // 90 earlier days of history (the carry-forward) and docs/benchmarks.md's 200-row day.
  await seed(5_000, 90, '2026-11-19');
  await seed(200, 1, DAY);
  const readUrl = `${b.baseUrl}/api/transactions/balances?ledgerId=${o.ledgerId}&fecha=${DAY}`;
  const body = { ledgerId: o.ledgerId, fecha: DAY, venta: 50, tasa_venta: 41, compra: 50, tasa_compra: 40, ...cuentas };
  const dayRows = async () =>
    Number(
      (await b.database.pool.query('select count(*) from transactions where ledger_id = $1 and fecha = $2', [o.ledgerId, DAY])).rows[0]
        .count,
    );

  await read(readUrl, o.token, 2); // warm-up: JIT, pool, plan cache
  const rowsBefore = await dayRows();
  const readsBefore = await read(readUrl, o.token);
  global.gc?.();
  const before = process.memoryUsage();
  const mixedCpu = process.cpuUsage();
  const [reads, creates] = await Promise.all([
    read(readUrl, o.token),
    cannon(`${b.baseUrl}/api/transactions`, o.token, 10, SECONDS, { body }),
  ]);
  const mixedCpuMs = cpuMs(process.cpuUsage(mixedCpu));
  global.gc?.();
  const after = process.memoryUsage();
  const rowsAfter = await dayRows();
  const readsAfter = await read(readUrl, o.token);
  // A day of the mixed phase's mean size, on the same ledger (its rows are like the created ones:
  // same columns, ~650 bytes of JSON each).
  const meanRows = Math.round((rowsBefore + rowsAfter) / 2);
  const MEAN_DAY = '2026-11-21';
  await seed(meanRows, 1, MEAN_DAY);
  const meanUrl = `${b.baseUrl}/api/transactions/balances?ledgerId=${o.ledgerId}&fecha=${MEAN_DAY}`;
  await read(meanUrl, o.token, 2);
  const meanCpu = process.cpuUsage();
  const readsMean = await read(meanUrl, o.token);
  const meanCpuMs = cpuMs(process.cpuUsage(meanCpu));

  const rowsAre = withAccounts ? 'both accounts set on every row' : 'no accounts';
  printTable(`Mixed load on one day, 40 reading + 10 creating, ${SECONDS} s, ${rowsAre} — ${b.target}`, [
    {
      figure: `reads p99 ms (baseline: reads-only, ${meanRows}-row day)`,
      budget: '<= 50',
      measured: fmt(reads.p99),
      baseline: fmt(readsMean.p99),
      ratio: fmt(reads.p99 / Math.max(readsMean.p99, 1), 2),
      pass: reads.p99 <= 50,
    },
    {
      figure: `reads req/s (baseline: reads-only, ${meanRows}-row day)`,
      budget: '>= 25% of reads-only',
      measured: `${fmt(reads.rps, 0)} (${errors(reads)} errors)`,
      baseline: fmt(readsMean.rps, 0),
      ratio: `${fmt((100 * reads.rps) / readsMean.rps)}%`,
      pass: reads.rps >= 0.25 * readsMean.rps && [reads, readsBefore, readsAfter, readsMean].every((r) => errors(r) === 0),
    },
    {
      figure: 'reads p50 ms',
      budget: '-',
      measured: fmt(reads.p50),
      baseline: fmt(readsMean.p50),
      ratio: '-',
      pass: null,
    },
    {
      figure: `reads-only req/s, p99 ms: ${rowsBefore}-row day before / ${rowsAfter}-row day after`,
      budget: '-',
      measured: `${fmt(readsBefore.rps, 0)}, ${fmt(readsBefore.p99)} / ${fmt(readsAfter.rps, 0)}, ${fmt(readsAfter.p99)}`,
      baseline: '-',
      ratio: '-',
      pass: null,
    },
    {
      // The server's own CPU (autocannon runs in child processes), less sensitive to the machine's
      // load than latencies: what a request costs the event loop in each phase.
      figure: 'server CPU ms per request, mixed (baseline: reads-only)',
      budget: '-',
      measured: fmt(mixedCpuMs / ((reads.rps + creates.rps) * SECONDS), 2),
      baseline: fmt(meanCpuMs / (readsMean.rps * SECONDS), 2),
      ratio: fmt(mixedCpuMs / ((reads.rps + creates.rps) * SECONDS) / (meanCpuMs / (readsMean.rps * SECONDS)), 2),
      pass: null,
    },
    {
      figure: 'creates p99 ms',
      budget: '<= 150',
      measured: fmt(creates.p99),
      baseline: '-',
      ratio: '-',
      pass: creates.p99 <= 150,
    },
    {
      figure: 'creates/s (p50 ms)',
      budget: '0 errors',
      measured: `${fmt(creates.rps, 0)} (p50 ${fmt(creates.p50)}; ${errors(creates)} errors)`,
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
}

try {
  await phase(false);
  await phase(true);
} finally {
  await b.close();
}
