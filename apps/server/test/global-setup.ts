import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations } from '../src/db/database.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/db/embedded-postgres.ts';
import * as schema from '../src/db/schema.ts';
import { withDatabase } from './support/db-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL (any database) and the migrated template every test database is cloned from. */
    dbServerUrl: string;
    dbTemplate: string;
    dbTarget: 'embedded' | 'postgres';
  }
}

/**
 * Once per run: a database server (the embedded PostgreSQL, or TEST_DATABASE_URL when
 * TEST_DB_TARGET=postgres) and a migrated template database; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const target = process.env.TEST_DB_TARGET === 'postgres' ? 'postgres' : 'embedded';
  let embedded: RunningPostgres | undefined;
  let dataDir: string | undefined;
  let serverUrl: string;
  if (target === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_TARGET=postgres needs TEST_DATABASE_URL');
    serverUrl = url;
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-api-'));
    embedded = await startEmbeddedPostgres({ dir: dataDir });
    serverUrl = embedded.url;
  }
  const template = `arb_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const pool = new pg.Pool({ connectionString: withDatabase(serverUrl, template), max: 2 });
  await runMigrations(drizzle(pool, { schema }));
  await pool.end();

  project.provide('dbServerUrl', serverUrl);
  project.provide('dbTemplate', template);
  project.provide('dbTarget', target);

  return async () => {
    // Drop what this run created (on a shared PostgreSQL) and stop the embedded server.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname = $1 or datname like $2`, [
      template,
      `arb_t_${template.slice(8)}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
