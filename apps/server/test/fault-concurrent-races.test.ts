import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgers } from '../src/db/schema.ts';
import { ledgerChange } from '../src/services/ledger-change.ts';
import { addTransaction } from './support/transactions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * Races that used to be able to answer 500 (issue 17): whatever the interleaving, each request
 * gets a normal answer. The requests run on separate pool connections (on both databases), so
 * the interleavings really happen; each round is a fresh chance.
 */
describe('concurrent requests never answer 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('two edits moving rows between the same two days in opposite directions both succeed', async () => {
    const owner = await createUser(t);
    const trusted = await createUser(t);
    await addMember(t, owner.ledgerId, trusted.id, true);
    const [d1, d2] = ['2026-11-20', '2026-11-21'];
    const move = (user: TestUser, id: string, version: number, fecha: string) =>
      t.request({
        method: 'PUT',
        url: `/api/transactions/${id}`,
        token: user.token,
        payload: { venta: 100, tasa_venta: 40, fecha, version },
      });
    for (let round = 0; round < 25; round++) {
      const a = await addTransaction(t, owner, owner.ledgerId, d1, { venta: 100, tasa_venta: 40 });
      const b = await addTransaction(t, owner, owner.ledgerId, d2, { venta: 100, tasa_venta: 40 });
      // Each edit touches both days' totals, in opposite orders: a lock-order deadlock if unordered.
      const [ra, rb] = await Promise.all([move(owner, a.id, a.version, d2), move(trusted, b.id, b.version, d1)]);
      expect([ra.statusCode, rb.statusCode], `${ra.body} ${rb.body}`).toEqual([200, 200]);
      expect(ra.json().transaction).toMatchObject({ fecha: d2 });
      expect(rb.json().transaction).toMatchObject({ fecha: d1 });
    }
  });

  // The interleaving that would deadlock on the day-totals rows (taken at commit by the deferred
  // trigger, migration 0011, in opposite orders): a third connection holds day 1's totals row, edit A
  // (day 1 → day 2) is made to wait for it, then edit B (day 2 → day 1) starts. Both edits also
  // update the ledger's avg_cost_valid row in their UPDATE statement (migration 0005), which orders
  // them before either reaches the day totals; this test keeps that true. It runs on both databases:
  // the embedded PostgreSQL serves the test pool's 10 connections like any other.
  it('the edits, forced into the deadlock-prone interleaving, both answer 200', async () => {
    const owner = await createUser(t);
    const [d1, d2] = ['2026-10-20', '2026-10-21'];
    const a = await addTransaction(t, owner, owner.ledgerId, d1, { venta: 100, tasa_venta: 40 });
    const b = await addTransaction(t, owner, owner.ledgerId, d2, { venta: 100, tasa_venta: 40 });
    const move = (id: string, version: number, fecha: string) =>
      t.request({
        method: 'PUT',
        url: `/api/transactions/${id}`,
        token: owner.token,
        payload: { venta: 100, tasa_venta: 40, fecha, version },
      });
    const waitingOnLocks = async (n: number) => {
      for (let i = 0; i < 200; i++) {
        const r = await t.ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`,
        );
        if (r.rows[0]!.n >= n) return;
        await new Promise((ok) => setTimeout(ok, 10));
      }
      throw new Error(`never saw ${n} edits waiting`);
    };
    let ra: Promise<{ statusCode: number; body: string }> | undefined;
    let rb: typeof ra;
    await t.ctx.db.transaction(async (blocker) => {
      await blocker.execute(sql`select 1 from ledger_day_totals where ledger_id = ${owner.ledgerId} and fecha = ${d1} for update`);
      ra = move(a.id, a.version, d2);
      await waitingOnLocks(1);
      rb = move(b.id, b.version, d1);
      await waitingOnLocks(2);
    });
    const [resA, resB] = await Promise.all([ra!, rb!]);
    expect([resA.statusCode, resB.statusCode], `${resA.body} ${resB.body}`).toEqual([200, 200]);
    const days = await t.ctx.db.execute<{ fecha: string; n: number }>(
      sql`select fecha::text, transaction_count::int as n from ledger_day_totals where ledger_id = ${owner.ledgerId} order by fecha`,
    );
    expect(days.rows).toEqual([
      { fecha: d1, n: 1 },
      { fecha: d2, n: 1 },
    ]);
  });

  // A change that loses a deadlock is run again (ledgerChange): two changes take two ledger rows in
  // opposite orders, each waiting for the other to hold its first row, so PostgreSQL must kill one.
  it('a change that loses a deadlock is retried and answers normally', async () => {
    const [x, y] = [await createUser(t), await createUser(t)];
    let arrived = 0;
    let release!: () => void;
    const bothHoldTheirFirst = new Promise<void>((ok) => (release = ok));
    let runs = 0;
    const change = (first: string, second: string) =>
      ledgerChange(t.ctx.db, t.ctx.bus, async ({ tx }) => {
        runs++;
        await tx.execute(sql`update ledgers set name = name where id = ${first}`);
        if (++arrived === 2) release();
        await bothHoldTheirFirst;
        await tx.execute(sql`update ledgers set name = name where id = ${second}`);
        return first;
      });
    expect(await Promise.all([change(x.ledgerId, y.ledgerId), change(y.ledgerId, x.ledgerId)])).toEqual([x.ledgerId, y.ledgerId]);
    // The deadlock's loser ran again (3 runs at least). Its retry can take the row the winner was
    // waiting for before the winner wakes, and deadlock once more (4 runs, seen in CI on PostgreSQL):
    // what matters is that both answer, not how many tries it took.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(6);
  });

  it('a join racing the ledger’s deletion answers 404 or joins, never 500', async () => {
    for (let round = 0; round < 8; round++) {
      const owner = await createUser(t);
      const joiner = await createUser(t);
      const [ledger] = await t.ctx.db.select({ code: ledgers.inviteCode }).from(ledgers).where(eq(ledgers.id, owner.ledgerId));
      const [join, del] = await Promise.all([
        t.request({ method: 'POST', url: '/api/ledgers/join', token: joiner.token, payload: { inviteCode: ledger!.code } }),
        t.request({ method: 'DELETE', url: `/api/ledgers/${owner.ledgerId}`, token: owner.token }),
      ]);
      expect(del.statusCode).toBe(204);
      expect([200, 404], join.body).toContain(join.statusCode);
      if (join.statusCode === 404) expect(join.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
