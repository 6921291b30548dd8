import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createPool, type Database } from '../src/db/database.ts';
import { isDatabaseUnavailable } from '../src/plugins/error-handler.ts';
import { createTestDatabase } from './support/test-app.ts';
import { within } from './support/within.ts';

/**
 * What a PostgreSQL restart does to the pool's clients, one case at a time (the whole story is
 * src/db/external-restart.test.ts). A one-client pool: a leaked client would make the next
 * query wait for the connection time-out and fail, and `pool.end()` wait for ever.
 */
describe('the pool when a connection is lost', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('gives the client back when BEGIN fails on a dead connection', async () => {
    const pool = createPool(database.url, 1);
    const db = drizzle(pool);
    try {
      // The client handed to the transaction loses its connection before BEGIN, as when
      // PostgreSQL goes away between check-out and the first statement.
      pool.once('acquire', (client) => (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy());
      await expect(
        within(
          5_000,
          'transaction on a dead client',
          db.transaction(async (tx) => tx.execute(sql`select 1`)),
        ),
      ).rejects.toThrow();
      const res = await within(
        3_000,
        'the next transaction',
        db.transaction(async (tx) => tx.execute<{ n: number }>(sql`select 2 as n`)),
      );
      expect(res.rows[0]!.n).toBe(2);
    } finally {
      await within(3_000, 'pool.end()', pool.end());
    }
  });

  it('survives a connection dropped between the statements of a transaction: a 503-class error, the process lives on', async () => {
    const pool = createPool(database.url, 1);
    const db = drizzle(pool);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const failure = await within(
        5_000,
        'transaction cut by pg_terminate_backend',
        db
          .transaction(async (tx) => {
            const me = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
            await admin.query('select pg_terminate_backend($1)', [me.rows[0]!.pid]);
            // The client is idle in the transaction when its connection goes: node-pg emits
            // 'error' on it, which must not be an uncaught exception.
            await new Promise((r) => setTimeout(r, 200));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => undefined,
            (err: unknown) => err,
          ),
      );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      const res = await within(3_000, 'the next query', db.execute<{ n: number }>(sql`select 3 as n`));
      expect(res.rows[0]!.n).toBe(3);
    } finally {
      await admin.end();
      await within(3_000, 'pool.end()', pool.end());
    }
  });
});
