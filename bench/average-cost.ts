/**
 * docs/benchmarks.md: average cost on a ledger with 100,000 transactions over 3 years — position of a day
 * <= 30 ms median, pnl of a 31-day range <= 50 ms median (sequential requests through HTTP, auth
 * included, beside the bare route doing one indexed query in the same run), and the balances of a
 * 200-row day under costo_promedio within docs/benchmarks.md's budget (p99 <= 25 ms, >= 40% of bare req/s).
 * Also printed, not budgeted: the first read's full recomputation and the read after an edit of
 * the first day (a recomputation of every later day).
 *   node --import tsx bench/average-cost.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { cannon, fmt, medianMs, printTable, seedOwner, seedTransactions, startBench, type Row } from './support.ts';

const HASTA = '2026-11-19';
const DAY = '2026-11-20';
const N = Number(process.env.BENCH_REQUESTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const timed = async (url: string, token: string): Promise<number> => {
  const start = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - start;
};

const b = await startBench();
try {
  const o = await seedOwner(b, 'Costo promedio');
  await seedTransactions(b, o, 100_000, 1095, HASTA);
  await seedTransactions(b, o, 200, 1, DAY);
  await b.database.pool.query(`update ledgers set metodo_ganancia = 'costo_promedio' where id = $1`, [o.ledgerId]);
  const position = `${b.baseUrl}/api/ledgers/${o.ledgerId}/position?fecha=${HASTA}&tasa=40`;
  const pnl = `${b.baseUrl}/api/ledgers/${o.ledgerId}/pnl?desde=2026-10-20&hasta=${HASTA}`;
  const balances = `${b.baseUrl}/api/transactions/balances?ledgerId=${o.ledgerId}&fecha=${DAY}`;

  const cold = await timed(position, o.token);
  // An edit of the first day: every later day's state is stale; the next read recomputes them.
  await b.database.pool.query(
    `update transactions set venta = venta + 1, bs_recibidos = round((venta + 1) * tasa_venta, 2)
     where id = (select id from transactions where ledger_id = $1 and venta > 0 order by fecha, created_at limit 1)`,
    [o.ledgerId],
  );
  const afterEdit = await timed(position, o.token);

  const bare = await medianMs(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${HASTA}`, undefined, N);
  const positionMs = await medianMs(position, o.token, N);
  const pnlMs = await medianMs(pnl, o.token, N);

  await cannon(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${DAY}`, undefined, 50, 2);
  await cannon(balances, o.token, 50, 2);
  const bareLoad = await cannon(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${DAY}`, undefined, 50, SECONDS);
  const day = await cannon(balances, o.token, 50, SECONDS);

  const row = (figure: string, ms: number, budget: number | null): Row => ({
    figure,
    budget: budget === null ? '-' : `<= ${budget} ms`,
    measured: `${fmt(ms, 2)} ms`,
    baseline: `${fmt(bare, 2)} ms`,
    ratio: fmt(ms / bare, 2),
    pass: budget === null ? null : ms <= budget,
  });
  printTable(`Average cost, 100,000 transactions over 1,095 days, median of ${N} requests, ${b.target}`, [
    row('position of a day, median', positionMs, 30),
    row('pnl of 31 days, median', pnlMs, 50),
    row('first position read (recomputes 3 years)', cold, null),
    row('position read after an edit of the first day', afterEdit, null),
    {
      figure: '200-tx day under costo_promedio: p99 ms',
      budget: '<= 25',
      measured: fmt(day.p99),
      baseline: fmt(bareLoad.p99),
      ratio: fmt(day.p99 / bareLoad.p99, 2),
      pass: day.p99 <= 25,
    },
    {
      figure: '200-tx day under costo_promedio: req/s',
      budget: '>= 40% of bare',
      measured: fmt(day.rps, 0),
      baseline: fmt(bareLoad.rps, 0),
      ratio: `${fmt((100 * day.rps) / bareLoad.rps)}%`,
      pass: day.rps >= 0.4 * bareLoad.rps && day.errors === 0 && day.non2xx === 0,
    },
  ]);
} finally {
  await b.close();
}
