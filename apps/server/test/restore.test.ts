import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESTORABLE_ACTIONS } from '@arb/shared';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { restoreHandlers } from '../src/services/activity/restore-handlers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, setBase, verify } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/** docs/product.md#undo: POST /api/ledgers/:id/activity/:activityId/restore undoes a delete or a reset. */
describe('restore of a delete or a reset', () => {
  let t: TestApp;
  const events: LedgerEvent[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.bus.onLedger((e) => events.push(e));
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    events.length = 0;
  });

  it('the web offers "Restaurar" on exactly the actions the server can restore', () => {
    expect([...RESTORABLE_ACTIONS].sort()).toEqual(Object.keys(restoreHandlers).sort());
  });

  const restore = (u: TestUser, ledgerId: string, activityId: number) =>
    t.request({ method: 'POST', url: `/api/ledgers/${ledgerId}/activity/${activityId}/restore`, token: u.token });

  /** The newest activity row of `action` in the ledger. */
  async function lastActivity(ledgerId: string, action: string): Promise<number> {
    const { rows } = await t.database.pool.query<{ id: string }>(
      `select id from activity where ledger_id = $1 and action = $2 order by id desc limit 1`,
      [ledgerId, action],
    );
    return Number(rows[0]!.id);
  }

  /** Every column of the ledger's transactions, as text, for an exact before/after comparison. */
  async function rowsOf(ledgerId: string): Promise<Record<string, unknown>[]> {
    const { rows } = await t.database.pool.query<{ r: Record<string, unknown> }>(
      `select to_jsonb(t)::text as r from transactions t where ledger_id = $1 order by created_at, id`,
      [ledgerId],
    );
    return rows.map((r) => r.r);
  }

  async function baseRowOf(ledgerId: string, fecha: string): Promise<string | null> {
    const { rows } = await t.database.pool.query<{ r: string }>(
      `select to_jsonb(d)::text as r from daily_balances d where ledger_id = $1 and fecha = $2`,
      [ledgerId, fecha],
    );
    return rows[0]?.r ?? null;
  }

  it('a deleted transaction comes back with its id, amounts, author, day, verification and every column; a second restore is a 409', async () => {
    const owner = await createUser(t, { name: 'Ana' });
    const member = await createUser(t, { name: 'Beto' });
    await addMember(t, owner.ledgerId, member.id);
    const L = owner.ledgerId;
    // Day 20: a sale of 100 USD at 40.1234 and a purchase of 30 USD at 39.5 by Beto, verified by Ana.
    const tx = await addTransaction(t, member, L, '2026-11-20', {
      venta: 100,
      tasa_venta: 40.1234,
      compra: 30,
      tasa_compra: 39.5,
      notas: 'par',
    });
    await verify(t, owner, tx.id);
    const before = await rowsOf(L);

    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: owner.token })).statusCode).toBe(204);
    expect(await rowsOf(L)).toEqual([]);
    const deletion = await lastActivity(L, 'TRANSACTION_DELETED');
    events.length = 0;

    const res = await restore(owner, L, deletion);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 1 });
    expect(await rowsOf(L)).toEqual(before);
    const day = await balances(t, owner, L, '2026-11-20');
    expect(day.transacciones_con_acumulados.map((r) => [r.id, r.esta_verificada, r.createdBy?.user_name])).toEqual([[tx.id, true, 'Beto']]);
    expect(events).toEqual([
      { event: 'transaction-updated', type: 'RESTORED', ledgerId: L, fecha: '2026-11-20', fechas: ['2026-11-20'], byUserId: owner.id },
    ]);

    // The restore is itself an activity entry naming what it restored; the deletion is marked.
    const list = (await t.request({ method: 'GET', url: `/api/ledgers/${L}/activity?limit=2`, token: owner.token })).json() as {
      id: number;
      action: string;
      entityId: string;
      restoredAt: string | null;
    }[];
    expect(list[0]).toMatchObject({ action: 'ACTIVITY_RESTORED', entityId: String(deletion), restoredAt: null });
    expect(list[1]).toMatchObject({ id: deletion, action: 'TRANSACTION_DELETED' });
    expect(list[1]!.restoredAt).not.toBeNull();

    const again = await restore(owner, L, deletion);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('a reset day comes back with its transactions and its base row as it was; later days carry the restored closing forward', async () => {
    const owner = await createUser(t);
    const L = owner.ledgerId;
    // Day 20: base 1000 Bs / 100 USD; buy 50 USD at 40 (−2000 Bs, +50 USD), sell 20 USD at 41 (+820 Bs, −20 USD).
    await setBase(t, owner, L, '2026-11-20', 1000, 100);
    await addTransaction(t, owner, L, '2026-11-20', { compra: 50, tasa_compra: 40 });
    await addTransaction(t, owner, L, '2026-11-20', { venta: 20, tasa_venta: 41 });
    // Day 21 inherits day 20's closing: 1000 − 2000 + 820 = −180 Bs; 100 + 50 − 20 = 130 USD.
    const later = await balances(t, owner, L, '2026-11-21');
    expect([later.saldos_base.saldo_base_ves, later.saldos_base.saldo_base_usd]).toEqual([-180, 130]);
    const rowsBefore = await rowsOf(L);
    const baseBefore = await baseRowOf(L, '2026-11-20');

    const reset = await t.request({
      method: 'DELETE',
      url: `/api/ledgers/${L}/reset`,
      payload: { fecha: '2026-11-20' },
      token: owner.token,
    });
    expect(reset.statusCode).toBe(204);
    // After the reset day 20 closes at 0 / 0, so day 21 inherits 0 / 0.
    const afterReset = await balances(t, owner, L, '2026-11-21');
    expect([afterReset.saldos_base.saldo_base_ves, afterReset.saldos_base.saldo_base_usd]).toEqual([0, 0]);

    events.length = 0;
    const res = await restore(owner, L, await lastActivity(L, 'LEDGER_DAY_RESET'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 2 });
    expect(await rowsOf(L)).toEqual(rowsBefore);
    expect(await baseRowOf(L, '2026-11-20')).toEqual(baseBefore);
    // Day 21 follows: −180 Bs / 130 USD again.
    const restored = await balances(t, owner, L, '2026-11-21');
    expect([restored.saldos_base.saldo_base_ves, restored.saldos_base.saldo_base_usd]).toEqual([-180, 130]);
    expect(events).toEqual([
      { event: 'transaction-updated', type: 'RESTORED', ledgerId: L, fecha: '2026-11-20', fechas: ['2026-11-20'], byUserId: owner.id },
    ]);
  });

  it('restoring a reset of a day without a base row removes the reset’s 0/0 row (the day inherits again)', async () => {
    const owner = await createUser(t);
    const L = owner.ledgerId;
    // Day 19: base 500 Bs / 10 USD. Day 20 has no base row: it inherits 500 / 10.
    await setBase(t, owner, L, '2026-11-19', 500, 10);
    await addTransaction(t, owner, L, '2026-11-20', { venta: 1, tasa_venta: 40 });
    await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/reset`, payload: { fecha: '2026-11-20' }, token: owner.token });
    expect(await baseRowOf(L, '2026-11-20')).not.toBeNull();
    const res = await restore(owner, L, await lastActivity(L, 'LEDGER_DAY_RESET'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await baseRowOf(L, '2026-11-20')).toBeNull();
    const day = await balances(t, owner, L, '2026-11-20');
    expect([day.saldos_base.saldo_base_ves, day.saldos_base.saldo_base_usd, day.saldos_base.heredado]).toEqual([500, 10, true]);
  });

  it('the owner and the member who made the change may restore; other members, the rows’ authors and outsiders may not', async () => {
    const owner = await createUser(t);
    const deleter = await createUser(t);
    const author = await createUser(t);
    const other = await createUser(t);
    const outsider = await createUser(t);
    const L = owner.ledgerId;
    await addMember(t, L, deleter.id, true);
    await addMember(t, L, author.id);
    await addMember(t, L, other.id, true);
    const a = await addTransaction(t, author, L, '2026-11-20', { venta: 5, tasa_venta: 40 });
    const b = await addTransaction(t, author, L, '2026-11-20', { venta: 6, tasa_venta: 40 });
    await t.request({ method: 'DELETE', url: `/api/transactions/${a.id}`, token: deleter.token });
    const first = await lastActivity(L, 'TRANSACTION_DELETED');
    await t.request({ method: 'DELETE', url: `/api/transactions/${b.id}`, token: deleter.token });
    const second = await lastActivity(L, 'TRANSACTION_DELETED');

    expect((await restore(author, L, first)).statusCode).toBe(403);
    expect((await restore(other, L, first)).statusCode).toBe(403);
    expect((await restore(outsider, L, first)).statusCode).toBe(404);
    expect((await restore(deleter, L, first)).statusCode).toBe(200);
    expect((await restore(owner, L, second)).statusCode).toBe(200);
  });

  it('answers 409 RESTORE_CONFLICT and changes nothing when a row id is back; only changes of the last 30 days; other actions are a 400', async () => {
    const owner = await createUser(t);
    const L = owner.ledgerId;
    const tx = await addTransaction(t, owner, L, '2026-11-20', { venta: 5, tasa_venta: 40 });
    await addTransaction(t, owner, L, '2026-11-20', { venta: 7, tasa_venta: 40 });
    await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: owner.token });
    const deletion = await lastActivity(L, 'TRANSACTION_DELETED');
    await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/reset`, payload: { fecha: '2026-11-20' }, token: owner.token });
    const reset = await lastActivity(L, 'LEDGER_DAY_RESET');
    expect((await restore(owner, L, deletion)).statusCode).toBe(200);

    // The reset removed the 7 USD sale only; restoring it is fine. Restoring the deletion again is "already restored".
    // Put the 5 USD row's id back in the reset's snapshot to make the reset's restore clash with it.
    await t.database.pool.query(
      `update activity set before = jsonb_set(before, '{transactions}', (before->'transactions') || jsonb_build_array((select to_jsonb(t) from transactions t where id = $2))) where id = $1`,
      [reset, tx.id],
    );
    const rowsBefore = await rowsOf(L);
    const clash = await restore(owner, L, reset);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'RESTORE_CONFLICT' });
    expect(await rowsOf(L)).toEqual(rowsBefore);

    const old = await addTransaction(t, owner, L, '2026-11-22', { venta: 1, tasa_venta: 40 });
    await t.request({ method: 'DELETE', url: `/api/transactions/${old.id}`, token: owner.token });
    const oldDeletion = await lastActivity(L, 'TRANSACTION_DELETED');
    await t.database.pool.query(`update activity set created_at = now() - interval '31 days' where id = $1`, [oldDeletion]);
    const expired = await restore(owner, L, oldDeletion);
    expect(expired.statusCode).toBe(409);
    expect(await rowsOf(L)).toEqual(rowsBefore);

    const created = await lastActivity(L, 'TRANSACTION_CREATED');
    expect((await restore(owner, L, created)).statusCode).toBe(400);
    expect((await restore(owner, L, 999999999)).statusCode).toBe(404);
  });
});
