import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './database.ts';

const writer = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/embedded-writer.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-durability-'));

/** Runs the writer until it acknowledged `atLeast` rows, then kill -9s it; returns the last ack. */
function writeThenKill(atLeast: number, alsoKillPostgres: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer], { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let last = 0;
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout.on('data', (b: Buffer) => {
      for (const m of b.toString().matchAll(/ack (\d+)/g)) last = Number(m[1]);
      if (last >= atLeast && child.exitCode === null && !child.killed) {
        if (alsoKillPostgres) {
          // Power-cut style: the database dies with the app, mid-write.
          const pid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
          process.kill(pid, 'SIGKILL');
        }
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(last) : reject(new Error(`writer exited without being killed: ${err}`))));
  });
}

async function countRows(): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    return res.rows[0]!.n;
  } finally {
    await database.close();
  }
}

describe('embedded PostgreSQL survives kill -9 of the app', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged row when only the app dies (the orphaned server is stopped at next start)', async () => {
    const acked = await writeThenKill(200, false);
    const rows = await countRows();
    expect(rows).toBeGreaterThanOrEqual(acked);
  }, 90_000);

  it('keeps every acknowledged row when the app and its database both die mid-write (crash recovery)', async () => {
    const before = await countRows();
    const acked = await writeThenKill(200, true);
    const rows = await countRows();
    // Row n of this run was acknowledged only after it committed; the writer numbers from 1 each run.
    expect(rows).toBeGreaterThanOrEqual(before + acked);
  }, 90_000);
});

describe('a second process on the same DATA_DIR', () => {
  it('attaches to the running embedded server instead of killing it', async () => {
    const first = await openDatabase({ dataDir });
    try {
      const second = await openDatabase({ dataDir, migrate: false });
      const res = await second.db.execute<{ n: number }>(sql`select 1 as n`);
      expect(res.rows[0]!.n).toBe(1);
      await second.close(); // must not stop the first one's server
      const still = await first.db.execute<{ n: number }>(sql`select 2 as n`);
      expect(still.rows[0]!.n).toBe(2);
    } finally {
      await first.close();
    }
  }, 60_000);
});

describe('PostgreSQL dies under a running app', () => {
  it('answers 503 during the outage, restarts the database by itself and loses no committed write', async () => {
    const { buildApp } = await import('../app.ts');
    const { loadConfig } = await import('../config.ts');
    const { users } = await import('./schema.ts');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-restart-'));
    const database = await openDatabase({ dataDir: dir });
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'k'.repeat(40) });
    const { app } = await buildApp({ config, database, logger: false, realtime: false, webDist: path.join(dir, 'none') });
    try {
      const committed = [];
      for (let i = 0; i < 20; i++) {
        committed.push((await database.db.insert(users).values({ email: `c${i}@restart.test`, passwordHash: 'x', userName: 'c' }).returning())[0]!.id);
      }
      process.kill(database.embedded!.pid()!, 'SIGKILL');
      const during = await app.inject({ method: 'GET', url: '/api/health' });
      expect(during.statusCode).toBe(503);
      let healthy = false;
      for (let i = 0; i < 150 && !healthy; i++) {
        await new Promise((r) => setTimeout(r, 200));
        healthy = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200;
      }
      expect(healthy).toBe(true);
      const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like '%@restart.test'`);
      expect(res.rows[0]!.n).toBe(committed.length);
    } finally {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
