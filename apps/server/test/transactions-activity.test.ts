import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@arb/shared';
import { activitySnapshot } from '../src/services/transactions/transaction-json.ts';
import { findTransaction } from '../src/services/transactions/transaction-row.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase, verify } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

// The answer's one type, shared with the web (issue 16: the web once expected fields never sent).
type Activity = ActivityEntry;

describe('GET /api/ledgers/:id/activity', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let txId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { name: 'Ana' });
    member = await createUser(t, { name: 'Beto' });
    await addMember(t, owner.ledgerId, member.id);
    const tx = await addTransaction(t, member, owner.ledgerId, '2026-11-20', { venta: 10, tasa_venta: 40 });
    txId = tx.id;
    await t.request({
      method: 'PUT',
      url: `/api/transactions/${txId}`,
      token: owner.token,
      payload: { venta: 12, tasa_venta: 40, fecha: '2026-11-20' },
    });
    await verify(t, owner, txId);
    await setBase(t, owner, owner.ledgerId, '2026-11-20', 100, 5);
    await t.request({ method: 'DELETE', url: `/api/transactions/${txId}`, token: owner.token });
  });
  afterAll(async () => t.close());

  const list = (u: TestUser, query = '') =>
    t.request({ method: 'GET', url: `/api/ledgers/${owner.ledgerId}/activity${query}`, token: u.token });

  it('lists every change newest first, with who did it and before → after values', async () => {
    const res = await list(member);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Activity[];
    expect(items.map((a) => a.action)).toEqual([
      'TRANSACTION_DELETED',
      'DAILY_BALANCE_UPDATED',
      'TRANSACTION_VERIFIED',
      'TRANSACTION_UPDATED',
      'TRANSACTION_CREATED',
    ]);
    const edit = items[3]!;
    expect(edit).toMatchObject({ entityId: txId, fecha: '2026-11-20', user: { id: owner.id, user_name: 'Ana' } });
    expect(edit.before).toMatchObject({ venta: 10, ganancia_usd: 10 });
    expect(edit.after).toMatchObject({ venta: 12, ganancia_usd: 12 });
    expect(items[4]!.user).toEqual({ id: member.id, user_name: 'Beto' });
    // Exactly the fields of ActivityEntry, no flat userId/user_name beside `user`.
    const fields: Array<keyof ActivityEntry> = ['action', 'after', 'before', 'createdAt', 'entityId', 'fecha', 'id', 'restoredAt', 'user'];
    for (const item of items) expect(Object.keys(item).sort()).toEqual(fields);
    expect(new Date(edit.createdAt).getTime()).not.toBeNaN();
  });

  it('records a create with the same snapshot an edit would write (the create builds it in SQL)', async () => {
    const created = await addTransaction(t, owner, owner.ledgerId, '2026-11-21', {
      venta: 7.5,
      tasa_venta: 40.1234,
      compra: 2,
      tasa_compra: 39.9,
    });
    const row = await findTransaction(t.ctx.db, created.id);
    const { rows } = await t.database.pool.query<{ after: unknown; before: unknown; entity_id: string; user_id: string }>(
      `select after, before, entity_id, user_id from activity where action = 'TRANSACTION_CREATED' and entity_id = $1`,
      [created.id],
    );
    expect(rows).toEqual([{ after: activitySnapshot(row!), before: null, entity_id: created.id, user_id: owner.id }]);
    await t.request({ method: 'DELETE', url: `/api/transactions/${created.id}`, token: owner.token });
    await t.database.pool.query(`delete from activity where entity_id = $1`, [created.id]);
  });

  it('pages with before= and limit=', async () => {
    const first = (await list(owner, '?limit=2')).json() as Activity[];
    expect(first.map((a) => a.action)).toEqual(['TRANSACTION_DELETED', 'DAILY_BALANCE_UPDATED']);
    const next = (await list(owner, `?limit=2&before=${first[1]!.id}`)).json() as Activity[];
    expect(next.map((a) => a.action)).toEqual(['TRANSACTION_VERIFIED', 'TRANSACTION_UPDATED']);
    const last = (await list(owner, `?limit=2&before=${next[1]!.id}`)).json() as Activity[];
    expect(last.map((a) => a.action)).toEqual(['TRANSACTION_CREATED']);
  });

  it('a deleted user shows as null', async () => {
    await t.database.pool.query('delete from users where id = $1', [member.id]);
    const items = (await list(owner)).json() as Activity[];
    expect(items.at(-1)!.user).toBeNull();
  });

  it('members only; bad paging values are a 400', async () => {
    const outsider = await createUser(t);
    expect((await list(outsider)).statusCode).toBe(404);
    expect((await list(owner, '?limit=0')).statusCode).toBe(400);
    expect((await list(owner, '?limit=101')).statusCode).toBe(400);
    expect((await list(owner, '?before=abc')).statusCode).toBe(400);
  });
});
