import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances } from './support/transactions.ts';
import { addMember, createUser } from './support/users.ts';

/** Issue 17: an author's name in cached day answers, and a deleted member's removal as a change. */
describe('authors who left or were deleted', () => {
  let t: TestApp;
  const events: LedgerEvent[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.bus.onLedger((e) => events.push(e));
  });
  afterAll(async () => t.close());

  it('an ex-member’s new name, and then their deletion, reach an already cached day', async () => {
    const owner = await createUser(t, { name: 'Dueña' });
    const ex = await createUser(t, { name: 'Antes' });
    const admin = await createUser(t, { role: 'ADMIN', name: 'Admin' });
    await addMember(t, owner.ledgerId, ex.id);
    await addTransaction(t, ex, owner.ledgerId, '2026-10-01', { venta: 1, tasa_venta: 40 });
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${owner.ledgerId}/leave`, token: ex.token })).statusCode).toBe(204);
    const author = async () => (await balances(t, owner, owner.ledgerId, '2026-10-01')).transacciones_con_acumulados[0]?.createdBy;
    expect(await author()).toEqual({ id: ex.id, user_name: 'Antes' }); // now cached
    const renamed = await t.request({ method: 'PUT', url: '/api/membership/profile', token: ex.token, payload: { user_name: 'Después' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await author()).toEqual({ id: ex.id, user_name: 'Después' });
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/users/${ex.id}`, token: admin.token });
    expect(deleted.statusCode).toBe(204);
    expect(await author()).toBeNull();
  });

  it('deleting a user who was only a member removes them like an expulsion: activity and member-removed', async () => {
    const owner = await createUser(t, { name: 'Dueño' });
    const member = await createUser(t, { name: 'Miembro', email: `miembro-${Date.now()}@example.com` });
    const admin = await createUser(t, { role: 'ADMIN', name: 'Admin' });
    await addMember(t, owner.ledgerId, member.id, true);
    events.length = 0;
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${member.id}`, token: admin.token })).statusCode).toBe(204);
    expect(events).toContainEqual({
      event: 'member-removed',
      type: 'MEMBER_REMOVED',
      ledgerId: owner.ledgerId,
      byUserId: admin.id,
      userId: member.id,
    });
    const { rows } = await t.database.pool.query(
      "select user_id, entity_id, before from activity where ledger_id = $1 and action = 'MEMBER_REMOVED'",
      [owner.ledgerId],
    );
    expect(rows).toEqual([
      {
        user_id: admin.id,
        entity_id: member.id,
        before: { userId: member.id, canModifyBalance: true, user: { id: member.id, user_name: 'Miembro', email: member.email } },
      },
    ]);
    // the member list no longer has them
    const ledger = await t.request({ method: 'GET', url: '/api/ledgers', token: owner.token });
    const mine = (ledger.json() as Array<{ id: string; members: Array<{ userId: string }> }>).find((l) => l.id === owner.ledgerId);
    expect(mine?.members.map((m) => m.userId)).toEqual([owner.id]);
  });
});
