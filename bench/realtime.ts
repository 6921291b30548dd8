/**
 * Realtime budget (docs/benchmarks.md): one change reaches 200 sockets in the ledger's room, p95 ≤ 50 ms
 * after the HTTP answer on one instance, ≤ 100 ms across two instances (PostgreSQL adapter).
 *
 * Run: `node --import tsx bench/realtime.ts` (embedded PostgreSQL in a temp folder, or
 * BENCH_DATABASE_URL). The change is `POST /api/transactions` when that route exists; until then a
 * bench-only route makes the same kind of change through `ledgerChange` (a committed database
 * transaction, then the event), so the measured path is commit → bus → Socket.IO → socket.
 * Latency = arrival at the socket − arrival of the HTTP answer at the caller; an event that
 * arrives before the answer counts as 0.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp, type BuiltApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { ledgerMembers, ledgers, users } from '../apps/server/src/db/schema.ts';
import type { RealtimeAdapterKind } from '../apps/server/src/plugins/realtime-adapter.ts';
import { ledgerChange } from '../apps/server/src/services/ledger-change.ts';
import { fmt, printTable, type Row } from './support.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const now = () => performance.timeOrigin + performance.now();

interface Scenario {
  name: string;
  budgetP95: number;
  instances: number;
  adapter: RealtimeAdapterKind;
}
const scenarios: Scenario[] = [
  { name: 'one instance', budgetP95: 50, instances: 1, adapter: 'memory' },
  { name: 'two instances (postgres adapter)', budgetP95: 100, instances: 2, adapter: 'postgres' },
];

async function startInstance(
  database: Database,
  dataDir: string,
  secret: string,
  adapter: RealtimeAdapterKind,
): Promise<BuiltApp & { url: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    BACKUP_EVERY_HOURS: '0',
    JWT_SECRET: secret,
    LOG_LEVEL: 'warn',
    PORT: '0',
  });
  const built = await buildApp({
    config,
    database,
    logger: { level: 'warn' },
    realtime: { adapter },
    webDist: path.join(dataDir, 'no-web'),
  });
  // Stand-in for POST /api/transactions while it is not on this branch (see the header).
  built.app.post<{ Body: { ledgerId: string; fecha: string; userId: string } }>('/bench/change', async (req, reply) => {
    const { ledgerId, fecha, userId } = req.body;
    await ledgerChange(built.ctx.db, built.ctx.bus, async ({ record, emit }) => {
      record({ ledgerId, userId, action: 'BENCH_CHANGE', fecha });
      emit({ event: 'transaction-updated', ledgerId, type: 'CREATED', fecha, byUserId: userId });
    });
    return reply.code(201).send({ ok: true });
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { ...built, url: `http://127.0.0.1:${address.port}` };
}

async function seed(database: Database, count: number): Promise<{ ownerId: string; ledgerId: string; memberIds: string[] }> {
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench${i}-${randomBytes(3).toString('hex')}@example.com`,
        passwordHash: 'x',
        userName: `bench${i}`,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  const [ledger] = await database.db
    .insert(ledgers)
    .values({ name: 'Bench', ownerId: ids[0]!, inviteCode: randomBytes(12).toString('base64url') })
    .returning();
  await database.db.insert(ledgerMembers).values(ids.map((userId, i) => ({ ledgerId: ledger!.id, userId, canModifyBalance: i === 0 })));
  return { ownerId: ids[0]!, ledgerId: ledger!.id, memberIds: ids };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(s: Scenario, database: Database, dataDir: string): Promise<{ p50: number; p95: number; samples: number; via: string }> {
  const secret = randomBytes(32).toString('hex');
  const instances = [];
  for (let i = 0; i < s.instances; i++) instances.push(await startInstance(database, dataDir, secret, s.adapter));
  const writer = instances[0]!;
  const listener = instances.at(-1)!; // two instances: every socket is on B, the change goes through A
  const { ownerId, ledgerId, memberIds } = await seed(database, SOCKETS);
  // Access tokens carry a live login session (docs/product.md#account-security): one per member.
  const tokens = await Promise.all(
    memberIds.map(async (sub) => {
      const { rows } = await database.pool.query<{ id: string }>(
        `insert into login_sessions (id, user_id) values (gen_random_uuid(), $1) returning id`,
        [sub],
      );
      return writer.ctx.tokens.sign({ sub, role: 'USER', sid: rows[0]!.id });
    }),
  );

  const worker = new Worker(new URL('./realtime-clients.mjs', import.meta.url), { workerData: { url: listener.url, tokens, ledgerId } });
  const arrivals = new Map<string, number[]>();
  let onArrival: (() => void) | undefined;
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { kind: string; at: number; tag: string; message: string }) => {
      if (m.kind === 'ready') resolve();
      if (m.kind === 'error') reject(new Error(m.message));
      if (m.kind === 'event') {
        arrivals.set(m.tag, [...(arrivals.get(m.tag) ?? []), m.at]);
        onArrival?.();
      }
    });
    worker.on('error', reject);
  });

  const ownerToken = tokens[0]!;
  // The real route when it exists; a 404 means it is not on this branch yet.
  const probe = await fetch(`${writer.url}/api/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
    body: '{}',
  });
  const realRoute = probe.status !== 404;
  const latencies: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    // A distinct day per round tags the events of that round.
    const fecha = new Date(Date.UTC(2030, 0, 1 + round)).toISOString().slice(0, 10);
    const all = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5_000);
      onArrival = () => {
        if ((arrivals.get(fecha)?.length ?? 0) >= SOCKETS) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    const res = realRoute
      ? await fetch(`${writer.url}/api/transactions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${ownerToken}`,
            'idempotency-key': randomBytes(8).toString('hex'),
          },
          body: JSON.stringify({ venta: 100, tasa_venta: 40, compra: 100, tasa_compra: 39, notas: '', ledgerId, fecha }),
        })
      : await fetch(`${writer.url}/bench/change`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ledgerId, fecha, userId: ownerId }),
        });
    const answeredAt = now();
    if (res.status !== 201) throw new Error(`change answered ${res.status}: ${await res.text()}`);
    await all;
    const got = arrivals.get(fecha) ?? [];
    if (got.length < SOCKETS) throw new Error(`round ${round}: only ${got.length}/${SOCKETS} sockets got the change`);
    if (round >= WARMUP) for (const at of got) latencies.push(Math.max(0, at - answeredAt));
    await new Promise((r) => setTimeout(r, 50));
  }
  worker.postMessage({ kind: 'close' });
  await worker.terminate();
  for (const i of instances.reverse()) await i.app.close();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    samples: latencies.length,
    via: realRoute ? 'POST /api/transactions' : 'ledgerChange route (bench stand-in)',
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-bench-rt-'));
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: path.join(dataDir, 'db') });
  let failed = false;
  const rows: Row[] = [];
  let via = '';
  try {
    let single: number | undefined;
    for (const s of scenarios) {
      const r = await run(s, database, dataDir);
      via = r.via;
      const pass = r.p95 <= s.budgetP95;
      failed ||= !pass;
      // The two-instance figure is compared with the one-instance one of the same run.
      const baseline = single === undefined ? '-' : `${fmt(single)} ms (1 instance)`;
      rows.push({ figure: `${s.name}: p50`, budget: '-', measured: `${fmt(r.p50)} ms`, baseline: '-', ratio: '-', pass: null });
      rows.push({
        figure: `${s.name}: p95`,
        budget: `<= ${s.budgetP95} ms`,
        measured: `${fmt(r.p95)} ms`,
        baseline,
        ratio: single ? fmt(r.p95 / single, 1) : '-',
        pass,
      });
      single ??= r.p95;
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(`Realtime: one change to ${SOCKETS} sockets in one room, ${ROUNDS} rounds, latency after the HTTP answer (${via})`, rows);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
