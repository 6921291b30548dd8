import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import type { RealtimeOptions } from '../../src/plugins/realtime.ts';
import type { TelegramTuning } from '../../src/services/telegram/telegram-notifier.ts';
import type { UploadPoolOptions } from '../../src/services/uploads/upload-pool.ts';
import { createPool, type Database } from '../../src/db/database.ts';
import * as schema from '../../src/db/schema.ts';
import { withDatabase } from './db-url.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Moves the injected clock (token expiry, cooldowns, memberships). */
  clock: { now: Date; advance(ms: number): void; set(d: Date): void };
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Socket.IO, when the app was built with `realtime`. */
  realtime: BuiltApp['realtime'];
  rateLimitPurger: BuiltApp['rateLimitPurger'];
  /** The Telegram notifier, when TELEGRAM_BOT_TOKEN is in the env. */
  telegram: BuiltApp['telegram'];
  /** Listens on a free loopback port (sockets need a real server) and returns its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Socket.IO is off unless asked for (most tests use app.inject only). */
  realtime?: boolean | RealtimeOptions;
  /** Build on another test app's database (a second server instance); that app keeps ownership. */
  database?: Database;
  /** Shortens the rates upstream time-out (5 s in production). */
  ratesTimeoutMs?: number;
  /** Shortens the Telegram notifier's timings. */
  telegram?: TelegramTuning;
  /**
   * Runs the app's mail sender. Default: only with an SMTP_URL; otherwise mails stay queued with
   * their links, which `support/auth.ts` reads (a sent mail's body is blanked).
   */
  mailSender?: boolean;
  /** The upload workers' limits (docs/product.md#upload-limits). */
  uploads?: Partial<UploadPoolOptions>;
  /** The backup scheduler's check interval and an injected read-back (docs/operations.md#backups). */
  backups?: BuildOptions['backups'];
  /** The Binance call time-out and the POST /sync answer wait (docs/product.md#binance-sync). */
  binance?: BuildOptions['binance'];
}

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('dbServerUrl');
  const template = inject('dbTemplate');
  const name = `arb_t_${template.slice(8)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url, 10);
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    embedded: undefined,
    async close() {
      await pool.end().catch(() => undefined);
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !opts.database;
  const database = opts.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-app-'));
  const config: Readonly<Config> = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    RATES_OFICIAL_URL: 'http://127.0.0.1:9/oficial',
    RATES_PARALELO_URL: 'http://127.0.0.1:9/paralelo',
    RATES_HISTORY_URL: 'http://127.0.0.1:9/historicos',
    // No scheduled backups unless a test asks (docs/operations.md#backups), and never into the checkout.
    BACKUP_EVERY_HOURS: '0',
    BACKUP_DIR: path.join(dataDir, 'backups'),
    // Binance is never called from tests: no periodic syncs, and an address nothing answers on unless a test gives its fake's.
    BINANCE_SYNC_MINUTES: '0',
    BINANCE_API_URL: 'http://127.0.0.1:9',
    ...env,
  });
  let current = new Date();
  const clock = {
    get now() {
      return current;
    },
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
    set(d: Date) {
      current = d;
    },
  };
  const { app, ctx, realtime, rateLimitPurger, telegram } = await buildApp({
    config,
    database,
    logger: false,
    now: () => new Date(clock.now.getTime()),
    webDist: path.join(dataDir, 'no-web'),
    realtime: opts.realtime ?? false,
    ...(opts.ratesTimeoutMs !== undefined ? { ratesTimeoutMs: opts.ratesTimeoutMs } : {}),
    ...(opts.telegram ? { telegram: opts.telegram } : {}),
    mailSender: opts.mailSender ?? env.SMTP_URL !== undefined,
    ...(opts.uploads ? { uploads: opts.uploads } : {}),
    ...(opts.backups ? { backups: opts.backups } : {}),
    ...(opts.binance ? { binance: opts.binance } : {}),
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    clock,
    request({ token, headers, ...opts }) {
      return app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    realtime,
    rateLimitPurger,
    telegram,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no TCP address');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
