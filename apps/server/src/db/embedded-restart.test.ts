import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './database.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('PostgreSQL dies under a running app', () => {
  // One retry: on a loaded machine the restart can race with the old backends still exiting.
  it(
    'answers 503 during the outage, restarts the database by itself and loses no committed write',
    { timeout: 90_000, retry: 1 },
    async () => {
      const { buildApp } = await import('../app.ts');
      const { loadConfig } = await import('../config.ts');
      const { users } = await import('./schema.ts');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-restart-'));
      const database = await openDatabase({ dataDir: dir });
      const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'k'.repeat(40) });
      const { app } = await buildApp({ config, database, logger: false, realtime: false, webDist: path.join(dir, 'none') });
      let appClosed = false;
      let dbClosed = false;
      try {
        const committed = [];
        for (let i = 0; i < 20; i++) {
          committed.push(
            (
              await database.db
                .insert(users)
                .values({ email: `c${i}@restart.test`, passwordHash: 'x', userName: 'c' })
                .returning()
            )[0]!.id,
          );
        }
        process.kill(database.embedded!.pid()!, 'SIGKILL');
        const during = await app.inject({ method: 'GET', url: '/api/health' });
        expect(during.statusCode).toBe(503);
        let healthy = false;
        const deadline = Date.now() + 45_000;
        while (!healthy && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 200));
          healthy = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200;
        }
        // If it never came back, show why (PostgreSQL's own log).
        expect(healthy, database.embedded!.logTail().split('\n').slice(-25).join('\n')).toBe(true);
        const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like '%@restart.test'`);
        expect(res.rows[0]!.n).toBe(committed.length);

        // Closing right after the restart stops the new PostgreSQL, not the killed one (it used to
        // wait for ever on the killed process's exit), and leaves no PostgreSQL behind.
        await app.close();
        appClosed = true;
        const pid = database.embedded!.pid()!;
        await Promise.race([database.close().then(() => (dbClosed = true)), new Promise((r) => setTimeout(r, 15_000))]);
        expect(dbClosed, 'database.close() after the restart did not finish within 15 s').toBe(true);
        expect(alive(pid), `PostgreSQL ${pid} still running after close()`).toBe(false);
      } finally {
        if (!appClosed) await app.close();
        if (!dbClosed) {
          // A failure above: do not leave a PostgreSQL running, whatever state it is in.
          const pid = database.embedded!.pid();
          await Promise.race([database.close(), new Promise((r) => setTimeout(r, 10_000))]);
          if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
        }
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
