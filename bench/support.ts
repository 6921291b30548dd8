/**
 * Shared bench scaffolding: the real app built in-process (buildApp) and listening on a random
 * port, on the embedded PostgreSQL by default or on DATABASE_URL when set; seeding with one
 * INSERT … SELECT generate_series; autocannon in a child process (so it does not steal the
 * server's event loop); and the printed table. Benchmarks print figures; they are not tests.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { STORAGE_KEYS, todayKey } from '@arb/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { hashPassword } from '../apps/server/src/services/auth/passwords.ts';
import { seedTransactionsSql } from '../apps/server/test/support/seed-transactions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { startFakeRates } from '../apps/server/test/support/fake-rates.ts';

const run = promisify(execFile);

export interface Bench {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  baseUrl: string;
  target: string;
  close(): Promise<void>;
}

/**
 * Builds and starts the app; registers `/bench/bare` (one indexed query, no auth) for the baseline.
 * API benchmarks leave `webDist` unset (no SPA to serve); the Lighthouse bench passes the built web
 * app, and `setup` adds its own baseline routes before the server listens.
 */
export async function startBench(
  opts: { webDist?: string; setup?: (app: FastifyInstance) => void; env?: Record<string, string> } = {},
): Promise<Bench> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 20 });
  // The rate services answer as the real ones do, from this machine: a bench never reaches the
  // internet, and the dashboard then draws its rates as a user sees them (the unreachable
  // default URLs gave 502s, an error panel and React Query's retries in the page benches).
  const rates = await startFakeRates();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    // No backup written in the middle of a measurement, nor into the checkout (docs/operations.md#backups).
    BACKUP_EVERY_HOURS: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    RATES_OFICIAL_URL: `${rates.url}/v1/dolares/oficial`,
    RATES_PARALELO_URL: `${rates.url}/v1/dolares/paralelo`,
    RATES_HISTORY_URL: `${rates.url}/v1/historicos/dolares`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // No periodic Binance sync in the middle of a measurement (docs/product.md#binance-sync).
    BINANCE_SYNC_MINUTES: '0',
    ...opts.env,
  });
  const { app, ctx } = await buildApp({
    config,
    database,
    logger: false,
    warmUploads: true,
    webDist: opts.webDist ?? path.join(dataDir, 'no-web'),
  });
  app.get('/bench/bare', async (request) => {
    const q = request.query as { ledgerId: string; fecha: string };
    const { rows } = await database.pool.query(
      'select id, venta, tasa_venta from transactions where ledger_id = $1 and fecha = $2 order by created_at, id limit 1',
      [q.ledgerId, q.fecha],
    );
    return rows[0] ?? null;
  });
  opts.setup?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    ctx,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    target: databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PostgreSQL',
    async close() {
      await app.close();
      await database.close();
      await rates.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A verified user owning a ledger, with an access token. */
export async function seedOwner(b: Bench, name = 'Bench'): Promise<{ userId: string; ledgerId: string; token: string }> {
  const suffix = randomBytes(4).toString('hex');
  const {
    rows: [user],
  } = await b.database.pool.query<{ id: string }>(
    `insert into users (email, password_hash, user_name, email_verified) values ($1, 'x', $2, true) returning id`,
    [`bench-${suffix}@example.com`, name],
  );
  const {
    rows: [ledger],
  } = await b.database.pool.query<{ id: string }>(`insert into ledgers (name, owner_id, invite_code) values ($1, $2, $3) returning id`, [
    `${name} ${suffix}`,
    user!.id,
    `bench-${suffix}`,
  ]);
  await b.database.pool.query(`insert into ledger_members (ledger_id, user_id, can_modify_balance) values ($1, $2, true)`, [
    ledger!.id,
    user!.id,
  ]);
  // Access tokens carry a live login session (docs/product.md#account-security).
  const {
    rows: [session],
  } = await b.database.pool.query<{ id: string }>(`insert into login_sessions (id, user_id) values (gen_random_uuid(), $1) returning id`, [
    user!.id,
  ]);
  const token = await b.ctx.tokens.sign({ sub: user!.id, role: 'USER', sid: session!.id });
  return { userId: user!.id, ledgerId: ledger!.id, token };
}

/**
 * One Bs and one USD account in the ledger, made through the API as a user does (DESIGN §28
 * "Budgets": the create rate, the mixed load and the import commit hold with both accounts set on
 * every row). Answers their ids as a transaction names them.
 */
export async function seedRowAccounts(
  b: Bench,
  owner: { ledgerId: string; token: string },
): Promise<{ cuenta_ves_id: string; cuenta_usd_id: string }> {
  const make = async (nombre: string, moneda: 'VES' | 'USD') => {
    const res = await fetch(`${b.baseUrl}/api/ledgers/${owner.ledgerId}/cuentas`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nombre, moneda, tipo: moneda === 'VES' ? 'banco' : 'binance' }),
    });
    if (res.status !== 201) throw new Error(`account ${nombre}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { cuenta: { id: string } }).cuenta.id;
  };
  return { cuenta_ves_id: await make('Banesco', 'VES'), cuenta_usd_id: await make('Binance USDT', 'USD') };
}

/** A known password for a seeded user (seedOwner), so a browser can sign in through the login form. */
export async function withPassword(b: Bench, userId: string): Promise<{ email: string; password: string }> {
  const password = `Bench-${randomBytes(6).toString('hex')}`;
  const { rows } = await b.database.pool.query<{ email: string }>('update users set password_hash = $1 where id = $2 returning email', [
    await hashPassword(password),
    userId,
  ]);
  return { email: rows[0]!.email, password };
}

/** `count` transactions over `days` days ending on `lastDay`: the API tests' seedTransactionsSql (apps/server/test/support). */
export async function seedTransactions(
  b: Bench,
  o: { ledgerId: string; userId: string },
  count: number,
  days: number,
  lastDay: string,
): Promise<void> {
  await seedTransactionsSql(b.database.pool, o, count, days, lastDay);
}

/**
 * The accounts benches' ledger (DESIGN §27): 12 accounts (6 in bolívares, 6 in dollars),
 * `transactions` rows like seedTransactions each naming one account per side (one in eight
 * unassigned), and `movements` transfers (with a fee), aportes, retiros and ajustes, over `days`
 * days ending on `lastDay`. Used by bench/cuentas.ts and bench/liquidacion.ts.
 */
export async function seedCuentasLedger(
  b: Bench,
  o: { ledgerId: string; userId: string },
  opts: { days: number; lastDay: string; transactions: number; movements: number },
): Promise<{ ves: string[]; usd: string[] }> {
  const pool = b.database.pool;
  // 12 accounts: 6 in bolívares, 6 in dollars.
  const accounts = await pool.query<{ id: string; moneda: string }>(
    `insert into cuentas (ledger_id, nombre, nombre_clave, moneda, tipo, titular_id, created_by)
     select $1, 'Cuenta ' || i, 'cuenta ' || i, case when i <= 6 then 'VES' else 'USD' end, 'banco', $2, $2
     from generate_series(1, 12) i returning id::text, moneda`,
    [o.ledgerId, o.userId],
  );
  const ves = accounts.rows.filter((a) => a.moneda === 'VES').map((a) => a.id);
  const usd = accounts.rows.filter((a) => a.moneda === 'USD').map((a) => a.id);
  // The rows of seedTransactions, each naming one account per side (one in eight unassigned).
  await pool.query(
    `insert into transactions (ledger_id, fecha, venta, tasa_venta, compra, tasa_compra, bs_recibidos, bs_pagados,
       ganancia_ves, ganancia_usd, notas, esta_verificada, created_by, created_at, cuenta_ves_id, cuenta_usd_id)
     select $1, $4::date - (i % $3), v, tv, c, tc, v * tv, c * tc, round(v * tv - c * tc, 2),
       case when c > 0 then round((v * tv - c * tc) / tc, 2) when v > 0 then v else 0 end,
       case when i % 5 = 0 then 'nota ' || i end, i % 2 = 0, $2, now() + i * interval '1 microsecond',
       case when i % 8 = 0 then null else ($6::uuid[])[1 + i % 6] end, case when i % 8 = 0 then null else ($7::uuid[])[1 + i % 6] end
     from (
       select i,
         case when i % 3 = 2 then 0 else (100 + i % 900)::numeric(15,2) end as v,
         case when i % 3 = 2 then 0 else (36 + (i % 97) / 100.0)::numeric(17,4) end as tv,
         case when i % 3 = 1 then 0 else (95 + i % 850)::numeric(15,2) end as c,
         case when i % 3 = 1 then 0 else (35.5 + (i % 89) / 100.0)::numeric(17,4) end as tc
       from generate_series(1, $5::int) i
     ) s`,
    [o.ledgerId, o.userId, opts.days, opts.lastDay, opts.transactions, ves, usd],
  );
  // The movements: transfers between accounts of a currency (with a fee), aportes, retiros, ajustes.
  await pool.query(
    `insert into movimientos (ledger_id, tipo, fecha, ocurrido_en, moneda, monto, comision, cuenta_origen_id, cuenta_destino_id, miembro_id, tasa, notas, created_by)
     select $1, tipo, f, f + time '12:00', moneda, (10 + i % 500)::numeric(15,2),
       case when tipo = 'transferencia' then (i % 3)::numeric(15,2) else 0 end,
       case when tipo in ('transferencia', 'retiro') or (tipo = 'ajuste' and i % 2 = 0) then a[1 + i % 6] end,
       case when tipo in ('transferencia', 'aporte') or (tipo = 'ajuste' and i % 2 = 1) then a[1 + (i + 1) % 6] end,
       case when tipo in ('aporte', 'retiro') then $2::uuid end, case when moneda = 'VES' and tipo in ('aporte', 'retiro') then 40 end,
       case when tipo = 'ajuste' then 'ajuste ' || i end, $2
     from (
       select i, $4::date - (i % $3) as f, (array['transferencia', 'aporte', 'retiro', 'ajuste'])[1 + i % 4] as tipo,
         case when i % 2 = 0 then 'VES' else 'USD' end as moneda,
         case when i % 2 = 0 then $6::uuid[] else $7::uuid[] end as a
       from generate_series(1, $5::int) i
     ) s`,
    [o.ledgerId, o.userId, opts.days, opts.lastDay, opts.movements, ves, usd],
  );
  await pool.query('vacuum analyze transactions, movimientos, ledger_day_totals, cuenta_day_totals');
  return { ves, usd };
}

export interface CannonResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon's CLI in a child process: `connections` connections for `seconds` seconds. */
export async function cannon(
  url: string,
  token: string | undefined,
  connections = 50,
  seconds = 10,
  post?: { body: unknown },
  headers: Record<string, string> = {},
): Promise<CannonResult> {
  const bin = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');
  const args = [
    bin,
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-j',
    ...(token ? ['-H', `authorization=Bearer ${token}`] : []),
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    ...(post ? ['-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(post.body)] : []),
    url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** Median wall time (ms) of `n` sequential requests after `warmup` unmeasured ones; throws on a non-2xx. */
export async function medianMs(url: string, token: string | undefined, n = 30, warmup = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n + warmup; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= warmup) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export interface Row {
  figure: string;
  budget: string;
  measured: string;
  baseline: string;
  ratio: string;
  pass: boolean | null;
}

export function printTable(title: string, rows: Row[]): void {
  const cols: Array<keyof Row> = ['figure', 'budget', 'measured', 'baseline', 'ratio', 'pass'];
  const cell = (r: Row, c: keyof Row) => (c === 'pass' ? (r.pass === null ? '-' : r.pass ? 'PASS' : 'FAIL') : String(r[c]));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (vals: string[]) => `| ${vals.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(cols.map(String)));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(cols.map((c) => cell(r, c))));
  // `npm run bench` collects every benchmark's rows into one table at the end.
  if (process.env.BENCH_RESULTS) appendFileSync(process.env.BENCH_RESULTS, JSON.stringify({ title, rows }) + '\n');
}

export const fmt = (n: number, dp = 1) => n.toFixed(dp);

/** A median in ms beside the same run's bare one-query route, against an optional budget in ms. */
export function msRow(figure: string, ms: number, bare: number, budget: number | null): Row {
  return {
    figure,
    budget: budget === null ? '-' : `<= ${budget} ms`,
    measured: `${fmt(ms, 2)} ms`,
    baseline: `${fmt(bare, 2)} ms`,
    ratio: fmt(ms / bare, 2),
    pass: budget === null ? null : ms <= budget,
  };
}

/** How long a bench's seeding took, for the record (no budget). */
export function seedRow(figure: string, seedMs: number): Row {
  return { figure, budget: '-', measured: `${fmt(seedMs / 1000, 1)} s`, baseline: '-', ratio: '-', pass: null };
}

/** bench/load-client.mjs in a child process: cannon()'s shape, for compressed (binary) answers. */
export async function load(
  url: string,
  token: string,
  connections: number,
  seconds: number,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<CannonResult> {
  const spec = {
    url,
    connections,
    seconds,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    ...(options.body === undefined ? {} : { method: 'POST', body: options.body }),
  };
  const client = path.resolve(import.meta.dirname, 'load-client.mjs');
  const { stdout } = await run(process.execPath, [client, JSON.stringify(spec)]);
  return JSON.parse(stdout) as CannonResult;
}

/** What POST /api/auth/login answers, as the web app keeps it in localStorage (shared/lib/session.ts). */
export type SignedInSession = { token: string; refreshToken: string; user: unknown };

/**
 * A signed-in user with a day of 40 transactions on the dashboard (the browser benches' first
 * visit): signed in through the API, whose answer the app keeps in localStorage. The dashboard
 * opens on the browser's today (Chromium runs in the machine's zone), which may not be the app
 * zone's, so both days are seeded.
 */
export async function seedDashboardSession(b: Bench): Promise<SignedInSession> {
  const owner = await seedOwner(b, 'Faro');
  for (const day of new Set([todayKey(b.ctx.config.APP_TIMEZONE), todayKey()])) await seedTransactions(b, owner, 40, 1, day);
  const account = await withPassword(b, owner.userId);
  const res = await fetch(`${b.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`bench login: ${res.status} ${await res.text()}`);
  return (await res.json()) as SignedInSession;
}

/** The localStorage entries in which the web app keeps `session` (shared/lib/session.ts), for a page to set. */
export function sessionStorageEntries(session: SignedInSession): Array<[string, string]> {
  return [
    [STORAGE_KEYS.authToken, session.token],
    [STORAGE_KEYS.refreshToken, session.refreshToken],
    [STORAGE_KEYS.userData, JSON.stringify(session.user)],
  ];
}

/** "median (min–max)" of `values`, each written by `unit`: how the page benches give a figure over runs. */
export function medianAndRange(values: number[], unit: (v: number) => string): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${unit(sorted[Math.floor(sorted.length / 2)]!)} (${unit(sorted[0]!)}–${unit(sorted.at(-1)!)})`;
}
