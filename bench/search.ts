/**
 * docs/benchmarks.md, DESIGN §27/§28: search over 100,000 rows — median <= 50 ms for a selective
 * text (<= 100 matches) and for q=binance over a ledger whose rows are all imported, with a second
 * such ledger in the same database (sequential requests through HTTP, auth included), beside the
 * bare route doing one indexed query in the same run.
 *   node --import tsx bench/search.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { medianMs, msRow, printTable, seedRow, seedOwner, startBench, type Bench } from './support.ts';

const HASTA = '2026-11-19';
const ROWS = 100_000;
const N = Number(process.env.BENCH_REQUESTS ?? 50);

/** `count` imported orders over 3 years in one INSERT … SELECT: notes as the import writes them, 2,000 counterparties. */
async function seedImported(b: Bench, o: { ledgerId: string; userId: string }, offset: number): Promise<void> {
  await b.database.pool.query(
    `insert into transactions (ledger_id, fecha, venta, tasa_venta, compra, tasa_compra, bs_recibidos, bs_pagados,
       ganancia_ves, ganancia_usd, notas, contraparte, origen, referencia, created_by, ocurrido_en)
     select $1, $3::date - (i % 1095), v, 36.5, c, 36.2, round(v * 36.5, 2), round(c * 36.2, 2), 0, 0,
       'Binance P2P #' || ref || ' · comprador_' || (i % 2000), 'comprador_' || (i % 2000), 'binance_p2p', ref, $2,
       ($3::date - (i % 1095))::timestamptz + (i % 86400) * interval '1 second'
     from (
       select i, (22000000000000000000::numeric + i + $5)::text as ref,
         case when i % 2 = 0 then (100 + i % 900)::numeric(15,2) else 0 end as v,
         case when i % 2 = 1 then (95 + i % 850)::numeric(15,2) else 0 end as c
       from generate_series(1, $4::int) i
     ) s`,
    [o.ledgerId, o.userId, HASTA, ROWS, offset],
  );
}

const b = await startBench();
try {
  const o = await seedOwner(b, 'Busqueda');
  const other = await seedOwner(b, 'Otra');
  const seedStart = performance.now();
  await seedImported(b, o, 0);
  await seedImported(b, other, ROWS);
  await b.database.pool.query('vacuum analyze transactions, ledger_day_totals');
  const seedMs = performance.now() - seedStart;

  const url = (query: string) => `${b.baseUrl}/api/ledgers/${o.ledgerId}/transactions/search?${query}`;
  const check = async (query: string, total: number, mas: boolean) => {
    const res = await fetch(url(query), { headers: { authorization: `Bearer ${o.token}` } });
    const body = (await res.json()) as { total: number; mas: boolean; rows: unknown[] };
    if (res.status !== 200 || body.total !== total || body.mas !== mas)
      throw new Error(`${query}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  };
  await check('q=comprador_1234', 50, false);
  await check('q=binance', 1000, true);

  const bare = await medianMs(`${b.baseUrl}/bench/bare?ledgerId=${o.ledgerId}&fecha=${HASTA}`, undefined, N);
  const selective = await medianMs(url('q=comprador_1234'), o.token, N);
  const binance = await medianMs(url('q=binance'), o.token, N);
  const filtered = await medianMs(url('q=binance&tipo=compra&desde=2026-01-01&hasta=2026-03-31&page=3'), o.token, N);

  const row = (figure: string, ms: number, budget: number | null) => msRow(figure, ms, bare, budget);
  printTable(`Search, 100,000 imported rows in each of 2 ledgers, median of ${N} requests, ${b.target}`, [
    row('selective text (50 matches)', selective, 50),
    row('q=binance (every row matches)', binance, 50),
    row('q=binance + side + 3 months, page 3', filtered, null),
    seedRow('seed (2 × one INSERT … SELECT + vacuum)', seedMs),
  ]);
} finally {
  await b.close();
}
