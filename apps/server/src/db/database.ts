import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A Drizzle handle inside a database transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded: RunningPostgres | undefined;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// NUMERIC and DATE stay strings: exact money, and no time-zone shift of a calendar day.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * Gives a checked-out client back to the pool (to be discarded) as soon as its connection ends,
 * and makes its holder's later `release()` a no-op. Drizzle's `db.transaction()` (node-postgres,
 * 0.45) sends BEGIN before the try/finally that releases the client, so a BEGIN that fails because
 * PostgreSQL just went away would keep the dead client checked out for ever
 * (drizzle-team/drizzle-orm#6241): one pool slot lost per restart, and `pool.end()` waiting on it
 * for ever at shutdown.
 */
function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const lost = () => {
    released = true;
    release(new Error('Connection terminated while checked out'));
  };
  client.once('end', lost);
  client.release = (err?: Error | boolean) => {
    client.removeListener('end', lost);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}

class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // With a callback it is pg-pool's own `pool.query`, which releases on a lost connection itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

/** A pool that lives through a PostgreSQL restart: every pool of the app is made here. */
export function createPool(url: string, max = 20, options: Pick<pg.PoolConfig, 'application_name'> = {}): pg.Pool {
  const pool = new Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000, ...options });
  // A dropped idle connection (database restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor may a dropped connection that is checked out: between the statements of a transaction a
  // client has no listener of the pool's, and node-pg emits 'error' on it when PostgreSQL goes
  // away (an unhandled 'error' event would end the process). The transaction's next statement
  // fails ("not queryable"), the request answers 503, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  onLog?: (line: string) => void;
  migrate?: boolean;
}

/** Opens PostgreSQL (DATABASE_URL) or starts the embedded one under dataDir, then migrates. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let embedded: RunningPostgres | undefined;
  let url = opts.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dir: opts.dataDir, ...(opts.onLog ? { onLog: opts.onLog } : {}) });
    url = embedded.url;
  }
  const pool = createPool(url, opts.poolSize);
  const db = drizzle(pool, { schema });
  try {
    if (opts.migrate !== false) await runMigrations(db);
  } catch (err) {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
  return {
    db,
    pool,
    url,
    embedded,
    async close() {
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
