import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/db/schema.ts';
import { computeLedgerDay } from '../src/services/balances/day-balances.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase } from './support/transactions.ts';
import { createUser } from './support/users.ts';

type QueryArg = string | { text: string };
const textOf = (q: QueryArg) => (typeof q === 'string' ? q : q.text);

/**
 * A pool that runs `beforeBase` (once) just before the day's base is queried, after the day's rows
 * were read: the worst moment for a concurrent change to commit.
 */
function interceptingPool(url: string, beforeBase: () => Promise<void>) {
  let rowsRead: Promise<unknown> = Promise.resolve();
  let fired = false;
  const wrap = <T extends { query: (...args: never[]) => unknown }>(target: T): T => {
    const original = target.query.bind(target) as (q: QueryArg, ...rest: unknown[]) => Promise<unknown>;
    (target as { query: unknown }).query = async (q: QueryArg, ...rest: unknown[]) => {
      const text = textOf(q);
      if (/from transactions t/.test(text) && !/ledger_day_totals/.test(text)) {
        const p = original(q, ...rest);
        rowsRead = p.catch(() => undefined);
        return p;
      }
      if (!fired && /ledger_day_totals/.test(text)) {
        fired = true;
        await rowsRead;
        await beforeBase();
      }
      return original(q, ...rest);
    };
    return target;
  };
  class Pool extends pg.Pool {
    override async connect(): Promise<pg.PoolClient> {
      return wrap(await super.connect());
    }
  }
  const pool = new Pool({ connectionString: url, max: 4 });
  // Every query goes through a wrapped client (pg's own Pool.query would call it with a callback).
  (pool as { query: unknown }).query = async (q: QueryArg, values?: unknown[]) => {
    const client = await pool.connect();
    try {
      return await (client.query as (q: QueryArg, v?: unknown[]) => Promise<pg.QueryResult>)(q, values);
    } finally {
      client.release();
    }
  };
  return pool;
}

/** Issue 17: a day's rows and base come from one snapshot (the balances answer and the export). */
describe('a day is read in one snapshot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a row moved into the day while it is read is counted exactly once (never lost, never twice)', async () => {
    const u = await createUser(t);
    await setBase(t, u, u.ledgerId, '2026-09-01', 1000, 100);
    const row = await addTransaction(t, u, u.ledgerId, '2026-09-01', { venta: 10, tasa_venta: 40 }); // +400 Bs, −10 USD
    // day 2 before the move: base 1400 / 90, no rows → closing 1400 / 90; after it: base 1000 / 100 + the row → 1400 / 90
    let moved = false;
    const move = async () => {
      const res = await t.request({
        method: 'PUT',
        url: `/api/transactions/${row.id}`,
        token: u.token,
        payload: { venta: 10, tasa_venta: 40, fecha: '2026-09-02' },
      });
      expect(res.statusCode, res.body).toBe(200);
      moved = true;
    };
    const pool = interceptingPool(t.database.url, move);
    try {
      const { day } = await computeLedgerDay(drizzle(pool, { schema }), u.ledgerId, '2026-09-02');
      expect(moved).toBe(true);
      // read apart (before the fix) the rows missed the row and the base missed it too: 1000 / 100
      expect(day.resumen).toMatchObject({ saldo_disponible_ves: '1400.00', saldo_disponible_usd: '90.00' });
    } finally {
      await pool.end();
    }
  });
});
