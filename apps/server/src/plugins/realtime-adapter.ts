import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Config } from '../config.ts';
import { createPool } from '../db/database.ts';

/** How Socket.IO events reach sockets held by other server instances (docs/architecture.md scale-out). */
export type RealtimeAdapterKind = 'memory' | 'postgres' | 'redis';

/** Redis when REDIS_URL is set, PostgreSQL when DATABASE_URL is set, else in-memory (one process). */
export function adapterKindFor(config: Pick<Config, 'DATABASE_URL' | 'REDIS_URL'>): RealtimeAdapterKind {
  if (config.REDIS_URL) return 'redis';
  return config.DATABASE_URL ? 'postgres' : 'memory';
}

export interface InstalledAdapter {
  kind: RealtimeAdapterKind;
  /** Resolves once events from other instances can arrive (the LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

// The adapter keeps payloads over NOTIFY's 8000-byte limit here; ours are small, but its cleanup
// timer queries the table every 30 s, so it must exist. Created at start-up rather than by a
// migration because it belongs to the adapter, not to the app's schema.
const ATTACHMENTS_DDL = `
  select pg_advisory_xact_lock(hashtext('socket_io_attachments'));
  create table if not exists socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  );`;

/**
 * Installs the adapter on `io`. The PostgreSQL adapter (LISTEN/NOTIFY) gets its own small pool:
 * one connection stays checked out for LISTEN, and must not starve the API's pool.
 */
export interface AdapterOptions {
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** Channel/key prefix: instances that share it share events (default 'arb-socket.io'). */
  prefix?: string | undefined;
  log: FastifyBaseLogger;
}

export function installAdapter(io: Server, kind: RealtimeAdapterKind, opts: AdapterOptions): InstalledAdapter {
  const prefix = opts.prefix ?? 'arb-socket.io';
  if (kind === 'memory') return { kind, ready: async () => undefined, close: async () => undefined };
  if (kind === 'redis') return installRedisAdapter(io, prefix, opts);

  // A name of our own lets us see our LISTEN connection in pg_stat_activity.
  const applicationName = `arb-realtime-${randomBytes(4).toString('hex')}`;
  // createPool: the LISTEN connection is checked out for good, so when PostgreSQL restarts it must
  // neither crash the process (its 'error') nor stay in the pool dead (the adapter only reconnects).
  const pool = createPool(opts.databaseUrl, 4, { application_name: applicationName });
  pool.on('error', (err) => opts.log.warn({ err }, 'realtime adapter: idle connection lost'));
  io.adapter(createAdapter(pool, { channelPrefix: prefix, errorHandler: (err) => opts.log.warn({ err }, 'realtime adapter error') }));

  return {
    kind,
    async ready() {
      await pool.query(ATTACHMENTS_DDL);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where application_name = $1 and query ilike 'LISTEN %'`,
          [applicationName],
        );
        if ((rows[0]?.n ?? 0) > 0) return;
        if (Date.now() > deadline) {
          // The adapter keeps retrying by itself; start anyway rather than refuse to serve the API.
          opts.log.warn('realtime adapter: LISTEN not in place after 10 s; events from other instances may be late');
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * Redis pub/sub (REDIS_URL): a publishing and a subscribed connection. The redis client refuses
 * commands before it connects, so the adapter goes in at onReady, before the server listens.
 */
function installRedisAdapter(io: Server, prefix: string, opts: AdapterOptions): InstalledAdapter {
  if (!opts.redisUrl) throw new Error('the redis realtime adapter needs REDIS_URL');
  const pub = createClient({ url: opts.redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err: unknown) => opts.log.warn({ err }, 'realtime adapter: redis error'));
  return {
    kind: 'redis',
    async ready() {
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createRedisAdapter(pub, sub, { key: prefix }));
      // Subscribed once our own response channel counts a subscriber.
      const { uid } = io.of('/').adapter as unknown as { uid: string };
      const channel = `${prefix}-response#/#${uid}#`;
      const deadline = Date.now() + 10_000;
      for (;;) {
        const reply = (await pub.sendCommand(['PUBSUB', 'NUMSUB', channel])) as unknown[];
        if (Number(reply[1]) > 0) return;
        if (Date.now() > deadline) {
          opts.log.warn('realtime adapter: redis subscription not confirmed after 10 s');
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      for (const client of [sub, pub]) if (client.isOpen) await client.quit().catch(() => undefined);
    },
  };
}
