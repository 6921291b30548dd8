/**
 * docs/benchmarks.md, DESIGN §27: every account's balance at a day on a ledger with 100,000
 * transactions and 10,000 movements over 3 years and 12 accounts — median <= 30 ms (sequential
 * requests through HTTP, auth included), beside the bare route doing one indexed query in the same
 * run; and the balances of that day with its accounts and movements, for reference.
 * DESIGN §27 also: "balances of a 200-row day with accounts and movements keep §11's ratio" — the
 * 200-row day of bench/balances.ts with both accounts set on every row and 20 movements, at 50
 * connections, beside the bare one-query route and the same day without accounts, in this run.
 *   node --import tsx bench/cuentas.ts        (DATABASE_URL=postgres://… to use PostgreSQL;
 *   BENCH_SECONDS=10 per load run)
 */
import {
  cannon,
  fmt,
  medianMs,
  msRow,
  printTable,
  seedCuentasLedger,
  seedRow,
  seedOwner,
  seedTransactions,
  startBench,
  type Row,
} from './support.ts';

const HASTA = '2026-11-19';
const DAYS = 1095;
const N = Number(process.env.BENCH_REQUESTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DAY = '2026-11-20';

const b = await startBench();
try {
  // BENCH_PART=day runs only the 200-row day's figures (no 100,000-row seed).
  if (process.env.BENCH_PART !== 'day') await accountsAtADay();
  await dayWithAccounts();
} finally {
  await b.close();
}

async function accountsAtADay(): Promise<void> {
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
}

async function dayWithAccounts(): Promise<void> {
  const pool = b.database.pool;

  // §27: the 200-row day with accounts. One ledger as bench/balances.ts seeds it (no accounts), one
  // with the same rows each naming a VES and a USD account (of 12) and 20 movements that day.
  const plain = await seedOwner(b, 'Dia sin cuentas');
  await seedTransactions(b, plain, 200, 1, DAY);
  const withAcc = await seedOwner(b, 'Dia con cuentas');
  await seedTransactions(b, withAcc, 200, 1, DAY);
  const dayAccounts = await pool.query<{ id: string; moneda: string }>(
    `insert into cuentas (ledger_id, nombre, nombre_clave, moneda, tipo, titular_id, created_by)
     select $1, 'Cuenta ' || i, 'cuenta ' || i, case when i <= 6 then 'VES' else 'USD' end, 'banco', $2, $2
     from generate_series(1, 12) i returning id::text, moneda`,
    [withAcc.ledgerId, withAcc.userId],
  );
  const dv = dayAccounts.rows.filter((a) => a.moneda === 'VES').map((a) => a.id);
  const du = dayAccounts.rows.filter((a) => a.moneda === 'USD').map((a) => a.id);
  // Every row names both accounts (DESIGN §28's budgets: "with both accounts set on every row").
  await pool.query(
    `update transactions t set cuenta_ves_id = ($2::uuid[])[1 + n % 6], cuenta_usd_id = ($3::uuid[])[1 + n % 6]
     from (select id, row_number() over (order by created_at) as n from transactions where ledger_id = $1) r
     where t.id = r.id`,
    [withAcc.ledgerId, dv, du],
  );
  await pool.query(
    `insert into movimientos (ledger_id, tipo, fecha, ocurrido_en, moneda, monto, comision, cuenta_origen_id, cuenta_destino_id, miembro_id, tasa, notas, created_by)
     select $1, 'transferencia', $4::date, $4::date + time '12:00' + i * interval '1 minute', case when i % 2 = 0 then 'VES' else 'USD' end,
       (10 + i)::numeric(15,2), (i % 3)::numeric(15,2),
       case when i % 2 = 0 then ($5::uuid[])[1 + i % 6] else ($6::uuid[])[1 + i % 6] end,
       case when i % 2 = 0 then ($5::uuid[])[1 + (i + 1) % 6] else ($6::uuid[])[1 + (i + 1) % 6] end, null, null, null, $2
     from generate_series(1, $3::int) i`,
    [withAcc.ledgerId, withAcc.userId, 20, DAY, dv, du],
  );
  await pool.query('vacuum analyze transactions, movimientos, ledger_day_totals, cuenta_day_totals');
  const check = await fetch(`${b.baseUrl}/api/transactions/balances?ledgerId=${withAcc.ledgerId}&fecha=${DAY}`, {
    headers: { authorization: `Bearer ${withAcc.token}` },
  });
  const day = (await check.json()) as { transacciones_con_acumulados: unknown[]; cuentas?: unknown[]; movimientos?: unknown[] };
  if (day.transacciones_con_acumulados.length !== 200 || day.cuentas?.length !== 12 || day.movimientos?.length !== 20)
    throw new Error('seed did not produce a 200-row day with 12 accounts and 20 movements');

  const bareUrl = `${b.baseUrl}/bench/bare?ledgerId=${plain.ledgerId}&fecha=${DAY}`;
  const plainUrl = `${b.baseUrl}/api/transactions/balances?ledgerId=${plain.ledgerId}&fecha=${DAY}`;
  const accUrl = `${b.baseUrl}/api/transactions/balances?ledgerId=${withAcc.ledgerId}&fecha=${DAY}`;
  // Warm up the three paths, then measure them one after the other in this run.
  await cannon(bareUrl, undefined, 50, 2);
  await cannon(plainUrl, plain.token, 50, 2);
  await cannon(accUrl, withAcc.token, 50, 2);
  const bare50 = await cannon(bareUrl, undefined, 50, SECONDS);
  const acc50 = await cannon(accUrl, withAcc.token, 50, SECONDS);
  const plain50 = await cannon(plainUrl, plain.token, 50, SECONDS);
  const rows: Row[] = [];
  for (const [label, r] of [
    ['200-row day, no accounts', plain50],
    ['200-row day, 12 accounts + 20 movements', acc50],
  ] as const) {
    rows.push({
      figure: `${label}: req/s`,
      budget: '>= 40% of bare',
      measured: fmt(r.rps, 0),
      baseline: fmt(bare50.rps, 0),
      ratio: `${fmt((100 * r.rps) / bare50.rps)}%`,
      pass: r.rps >= 0.4 * bare50.rps && r.errors === 0 && r.non2xx === 0,
    });
    rows.push({
      figure: `${label}: p99 ms`,
      budget: '<= 25',
      measured: fmt(r.p99),
      baseline: fmt(bare50.p99),
      ratio: fmt(r.p99 / Math.max(bare50.p99, 1), 2),
      pass: r.p99 <= 25,
    });
  }
  printTable(`Balances of a 200-row day with accounts (DESIGN §27), 50 connections, ${SECONDS} s each, ${b.target}`, rows);
}
