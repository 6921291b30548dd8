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
    const child = spawn(process.execPath, ['--import', 'tsx', writer], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(last) : reject(new Error(`writer exited without being killed: ${err}`)),
    );
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
