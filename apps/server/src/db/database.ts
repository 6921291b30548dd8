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

export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A dropped idle connection (database restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
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
