/**
 * docs/benchmarks.md: history summary + dates on a ledger with 100,000 transactions over 3 years —
 * median <= 30 ms each (sequential requests through HTTP, auth included), beside the bare route
 * doing one indexed query in the same run.
 *   node --import tsx bench/history.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { medianMs, msRow, printTable, seedRow, seedOwner, seedTransactions, startBench } from './support.ts';

const HASTA = '2026-11-19';
const N = Number(process.env.BENCH_REQUESTS ?? 50);

const b = await startBench();
try {
  const o = await seedOwner(b, 'Historia');
  const seedStart = performance.now();
  await seedTransactions(b, o, 100_000, 1095, HASTA);
  const seedMs = performance.now() - seedStart;

  const dates = await fetch(`${b.baseUrl}/api/transactions/dates?ledgerId=${o.ledgerId}`, {
    headers: { authorization: `Bearer ${o.token}` },
  });
  const list = (await dates.json()) as unknown[];
  if (list.length !== 1095) throw new Error(`expected 1095 days, got ${list.length}`);

  const bare = await medianMs(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${HASTA}`, undefined, N);
  const summary = await medianMs(`${b.baseUrl}/api/transactions/history-summary?ledgerId=${o.ledgerId}&hasta=${HASTA}`, o.token, N);
  const datesMs = await medianMs(`${b.baseUrl}/api/transactions/dates?ledgerId=${o.ledgerId}`, o.token, N);
  const balances = await medianMs(`${b.baseUrl}/api/transactions/balances?ledgerId=${o.ledgerId}&fecha=${HASTA}`, o.token, N);

  const row = (figure: string, ms: number, budget: number | null) => msRow(figure, ms, bare, budget);
  printTable(`History, 100,000 transactions over 1,095 days, median of ${N} requests, ${b.target}`, [
    row('history-summary median', summary, 30),
    row('dates median (1,095 days)', datesMs, 30),
    row('balances of a day (~91 tx, carry-forward over 3 years)', balances, null),
    seedRow('seed (one INSERT … SELECT + vacuum)', seedMs),
  ]);
} finally {
  await b.close();
}
