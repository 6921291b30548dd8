/**
 * docs/benchmarks.md: create transaction at 50 connections — >= 500 per second with 0 errors (the budget
 * is for PostgreSQL; the embedded database is reported too), beside the bare one-query route.
 *   node --import tsx bench/create.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { todayKey } from '@arb/shared';
import { cannon, fmt, printTable, seedOwner, startBench } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Today (APP_TIMEZONE): a create written now is stamped with the day's live rates (DESIGN §28).
const DAY = todayKey('America/Caracas');

const b = await startBench();
try {
  const o = await seedOwner(b, 'Creates');
  // The panel's rates, fetched as a dashboard does: each create is stamped with them (DESIGN §24).
  for (const panel of ['oficial', 'paralelo'])
    await fetch(`${b.baseUrl}/api/rates/${panel}`, { headers: { authorization: `Bearer ${o.token}` } });
  const body = { ledgerId: o.ledgerId, fecha: DAY, venta: 100, tasa_venta: 40.5, compra: 100, tasa_compra: 40, notas: 'bench' };
  await cannon(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${DAY}`, undefined, 50, 2);
  await cannon(`${b.baseUrl}/api/transactions`, o.token, 50, 2, { body });
  const bare = await cannon(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${DAY}`, undefined, 50, SECONDS);
  const create = await cannon(`${b.baseUrl}/api/transactions`, o.token, 50, SECONDS, { body });
  const { rows } = await b.database.pool.query<{ n: number }>('select count(*)::int as n from transactions where ledger_id = $1', [
    o.ledgerId,
  ]);
  printTable(`Create transaction, 50 connections, ${SECONDS} s — ${b.target}`, [
    {
      figure: 'creates per second',
      budget: '>= 500, 0 errors',
      measured: `${fmt(create.rps, 0)} (${create.errors + create.non2xx} errors)`,
      baseline: `${fmt(bare.rps, 0)} bare req/s`,
      ratio: `${fmt((100 * create.rps) / bare.rps)}%`,
      pass: create.rps >= 500 && create.errors === 0 && create.non2xx === 0,
    },
    {
      figure: 'create p99 ms',
      budget: '-',
      measured: fmt(create.p99),
      baseline: fmt(bare.p99),
      ratio: fmt(create.p99 / Math.max(bare.p99, 1), 2),
      pass: null,
    },
    { figure: 'rows stored', budget: '= acknowledged', measured: String(rows[0]!.n), baseline: '-', ratio: '-', pass: null },
  ]);
} finally {
  await b.close();
}
