/**
 * docs/benchmarks.md, DESIGN §27: every account's balance at a day on a ledger with 100,000
 * transactions and 10,000 movements over 3 years and 12 accounts — median <= 30 ms (sequential
 * requests through HTTP, auth included), beside the bare route doing one indexed query in the same
 * run; and the balances of that day with its accounts and movements, for reference.
 *   node --import tsx bench/cuentas.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { medianMs, msRow, printTable, seedCuentasLedger, seedRow, seedOwner, startBench } from './support.ts';

const HASTA = '2026-11-19';
const DAYS = 1095;
const N = Number(process.env.BENCH_REQUESTS ?? 50);

const b = await startBench();
try {
  const o = await seedOwner(b, 'Cuentas');
  const seedStart = performance.now();
  await seedCuentasLedger(b, o, { days: DAYS, lastDay: HASTA, transactions: 100_000, movements: 10_000 });
  const seedMs = performance.now() - seedStart;

  const list = await fetch(`${b.baseUrl}/api/ledgers/${o.ledgerId}/cuentas?fecha=${HASTA}`, {
    headers: { authorization: `Bearer ${o.token}` },
  });
  const body = (await list.json()) as { cuentas: unknown[] };
  if (body.cuentas.length !== 12) throw new Error(`expected 12 accounts, got ${body.cuentas.length}`);

  const bare = await medianMs(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${HASTA}`, undefined, N);
  const cuentas = await medianMs(`${b.baseUrl}/api/ledgers/${o.ledgerId}/cuentas?fecha=${HASTA}`, o.token, N);
  const early = await medianMs(`${b.baseUrl}/api/ledgers/${o.ledgerId}/cuentas?fecha=2024-01-15`, o.token, N);
  const balances = await medianMs(`${b.baseUrl}/api/transactions/balances?ledgerId=${o.ledgerId}&fecha=${HASTA}`, o.token, N);

  const row = (figure: string, ms: number, budget: number | null) => msRow(figure, ms, bare, budget);
  printTable(`Cuentas, 100,000 transactions + 10,000 movements over 1,095 days, 12 accounts, median of ${N} requests, ${b.target}`, [
    row('all account balances at the last day', cuentas, 30),
    row('all account balances at a day in the first year', early, 30),
    row('balances of a day (~91 tx + ~9 movements) with its accounts', balances, null),
    seedRow('seed (INSERT … SELECT + vacuum)', seedMs),
  ]);
} finally {
  await b.close();
}
