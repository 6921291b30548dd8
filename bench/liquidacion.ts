/**
 * docs/benchmarks.md, DESIGN §27: the liquidación preview of a month on a ledger with 100,000
 * transactions and 10,000 movements over 3 years and 12 accounts — median <= 200 ms (sequential
 * requests through HTTP, auth included), beside the bare route doing one indexed query in the same
 * run. Measured per operation and under costo_promedio with valid average-cost states (DESIGN §28),
 * with the first read after an early edit (which recomputes the states) reported beside it.
 *   node --import tsx bench/liquidacion.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { fmt, medianMs, msRow, printTable, seedCuentasLedger, seedRow, seedOwner, startBench, type Row } from './support.ts';

const HASTA = '2026-11-19';
const DESDE = '2026-10-20';
const DAYS = 1095;
const N = Number(process.env.BENCH_REQUESTS ?? 50);

const b = await startBench();
try {
  const o = await seedOwner(b, 'Liquidacion');
  const seedStart = performance.now();
  await seedCuentasLedger(b, o, { days: DAYS, lastDay: HASTA, transactions: 100_000, movements: 10_000 });
  // The parallel rate of the period's days (the preview looks up the rate of each end).
  await b.database.pool.query(
    `insert into rate_snapshots (source, fuente, promedio, fetched_at) select 'paralelo', 'paralelo', 40 + (i % 7) / 10.0, $1::date - i + time '12:00'
     from generate_series(0, 60) i`,
    [HASTA],
  );
  const seedMs = performance.now() - seedStart;

  const url = `${b.baseUrl}/api/ledgers/${o.ledgerId}/liquidacion?desde=${DESDE}&hasta=${HASTA}`;
  const check = await fetch(url, { headers: { authorization: `Bearer ${o.token}` } });
  if (!check.ok) throw new Error(`preview → ${check.status} ${await check.text()}`);

  const bare = await medianMs(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${HASTA}`, undefined, N);
  const porOperacion = await medianMs(url, o.token, N);

  // costo_promedio: the states made valid by the warm-up, then the same month.
  await b.database.pool.query(`update ledgers set metodo_ganancia = 'costo_promedio' where id = $1`, [o.ledgerId]);
  const promedio = await medianMs(url, o.token, N);
  // An edit of an early day makes every later state stale: the next read recomputes them.
  await b.database.pool.query(
    `update transactions set venta = venta + 1 where id = (select id from transactions where ledger_id = $1 order by fecha, id limit 1)`,
    [o.ledgerId],
  );
  const t0 = performance.now();
  const first = await fetch(url, { headers: { authorization: `Bearer ${o.token}` } });
  if (!first.ok) throw new Error(`preview after an edit → ${first.status}`);
  await first.arrayBuffer();
  const firstMs = performance.now() - t0;

  const row = (figure: string, ms: number, budget: number | null) => msRow(figure, ms, bare, budget);
  const rows: Row[] = [
    row('liquidación preview of a month (por_operacion)', porOperacion, 200),
    row('liquidación preview of a month (costo_promedio, valid states)', promedio, 200),
    {
      figure: 'first preview after an early edit (costo_promedio, one request)',
      budget: '-',
      measured: `${fmt(firstMs)} ms`,
      baseline: '-',
      ratio: '-',
      pass: null,
    },
    seedRow('seed (INSERT … SELECT + vacuum)', seedMs),
  ];
  printTable(
    `Liquidación, 100,000 transactions + 10,000 movements over 1,095 days, 12 accounts, median of ${N} requests, ${b.target}`,
    rows,
  );
} finally {
  await b.close();
}
