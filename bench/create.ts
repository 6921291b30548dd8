/**
 * docs/benchmarks.md: create transaction at 50 connections — >= 500 per second with 0 errors (the budget
 * is for PostgreSQL; the embedded database is reported too), beside the bare one-query route. DESIGN
 * §28 "Budgets": the rate also holds with both accounts set on every row (another ledger with a Bs
 * and a USD account; each create then also writes the per-account day totals, migration 0016).
 *   node --import tsx bench/create.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { todayKey } from '@arb/shared';
import { cannon, fmt, printTable, seedOwner, seedRowAccounts, startBench } from './support.ts';

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
  const c = await seedOwner(b, 'Creates with accounts');
  const withAccounts = { ...body, ledgerId: c.ledgerId, ...(await seedRowAccounts(b, c)) };
  await cannon(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${DAY}`, undefined, 50, 2);
  await cannon(`${b.baseUrl}/api/transactions`, o.token, 50, 2, { body });
  await cannon(`${b.baseUrl}/api/transactions`, c.token, 50, 2, { body: withAccounts });
  const bare = await cannon(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${DAY}`, undefined, 50, SECONDS);
  const create = await cannon(`${b.baseUrl}/api/transactions`, o.token, 50, SECONDS, { body });
  const createAccounts = await cannon(`${b.baseUrl}/api/transactions`, c.token, 50, SECONDS, { body: withAccounts });
  const count = async (ledgerId: string) =>
    (await b.database.pool.query<{ n: number }>('select count(*)::int as n from transactions where ledger_id = $1', [ledgerId])).rows[0]!.n;
  // Every create with accounts landed in them: the per-account totals hold each row once (one
  // snapshot, after the requests still in flight when the load stopped have committed).
  await new Promise((r) => setTimeout(r, 1000));
  const { rows: inAccounts } = await b.database.pool.query<{ rows: number; usd: number }>(
    `select (select count(*) from transactions where ledger_id = $1)::int as rows,
       (select coalesce(sum(entra), 0) from cuenta_day_totals where ledger_id = $1 and cuenta_id = $2)::float8 / 100 as usd`,
    [c.ledgerId, withAccounts.cuenta_usd_id],
  );
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
    { figure: 'rows stored', budget: '= acknowledged', measured: String(await count(o.ledgerId)), baseline: '-', ratio: '-', pass: null },
    {
      figure: 'creates per second, both accounts set',
      budget: '>= 500, 0 errors',
      measured: `${fmt(createAccounts.rps, 0)} (${createAccounts.errors + createAccounts.non2xx} errors)`,
      baseline: `${fmt(create.rps, 0)} without accounts`,
      ratio: `${fmt((100 * createAccounts.rps) / bare.rps)}% of bare`,
      pass: createAccounts.rps >= 500 && createAccounts.errors === 0 && createAccounts.non2xx === 0,
    },
    {
      figure: 'create with accounts p99 ms',
      budget: '-',
      measured: fmt(createAccounts.p99),
      baseline: fmt(create.p99),
      ratio: fmt(createAccounts.p99 / Math.max(create.p99, 1), 2),
      pass: null,
    },
    {
      figure: 'rows with accounts: stored / in the USD account',
      budget: 'equal',
      measured: `${inAccounts[0]!.rows} / ${fmt(inAccounts[0]!.usd, 0)}`,
      baseline: '-',
      ratio: '-',
      pass: inAccounts[0]!.rows === Math.round(inAccounts[0]!.usd),
    },
  ]);
} finally {
  await b.close();
}
