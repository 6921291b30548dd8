import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '@arb/shared';
import { ledgerMembers } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

/**
 * docs/product.md#memberships on the two ledger writes that do not go through `authorize`: creating a ledger and
 * joining one by invite code. Reads and leaving stay open to everyone.
 */
const DAY = 86_400_000;
const INACTIVE = { error: 'Tu membresía no está activa. Sube tu comprobante de pago en Mi Membresía.', code: 'MEMBERSHIP_INACTIVE' };

let t: TestApp;
let host: TestUser;
let inviteCode: string;

const ids = async (u: TestUser) =>
  ((await t.request({ method: 'GET', url: '/api/ledgers', token: u.token })).json() as Ledger[]).map((l) => l.id);
const create = (u: TestUser, name = 'Semana 1') => t.request({ method: 'POST', url: '/api/ledgers', payload: { name }, token: u.token });
const join = (u: TestUser, code = inviteCode) =>
  t.request({ method: 'POST', url: '/api/ledgers/join', payload: { inviteCode: code }, token: u.token });
const paying = () => createUser(t, { membershipEnd: new Date(t.clock.now.getTime() + 10 * DAY) });
const lapsed = () => createUser(t, { membershipEnd: new Date(t.clock.now.getTime() - DAY) });

beforeAll(async () => {
  t = await createTestApp({ MEMBERSHIP_REQUIRED: 'true' });
  host = await paying();
  inviteCode = (await t.request({ method: 'GET', url: `/api/ledgers/${host.ledgerId}/invite`, token: host.token })).json().inviteCode;
});
afterAll(async () => t.close());

describe('POST /api/ledgers with MEMBERSHIP_REQUIRED', () => {
  it('refuses a user whose membership ended, or who never had one, and creates nothing', async () => {
    for (const user of [await lapsed(), await createUser(t, { membershipEnd: null })]) {
      const res = await create(user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(INACTIVE);
      expect(await ids(user)).toEqual([user.ledgerId]);
    }
  });

  it('lets an active member and an administrator (exempt, even without a membership) create', async () => {
    const member = await paying();
    expect((await create(member)).statusCode).toBe(201);
    const admin = await createUser(t, { role: 'ADMIN', membershipEnd: null });
    expect((await create(admin)).statusCode).toBe(201);
    expect(await ids(admin)).toHaveLength(2);
  });

  it('stops at the very end of the membership, on the injected clock', async () => {
    const user = await createUser(t, { membershipEnd: new Date(t.clock.now.getTime() + 60_000) });
    expect((await create(user, 'Antes')).statusCode).toBe(201);
    t.clock.advance(60_000);
    try {
      expect((await create(user, 'Después')).statusCode).toBe(403);
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it('a user in no ledger at all may still get one (docs/product.md#screens personal ledger), but only that one', async () => {
    const user = await lapsed();
    await t.ctx.db.delete(ledgerMembers).where(eq(ledgerMembers.userId, user.id));
    const first = await create(user, 'Mi Registro');
    expect(first.statusCode).toBe(201);
    // Their own new ledger is still read-only.
    const rename = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${first.json().ledger.id}/name`,
      payload: { name: 'Otro' },
      token: user.token,
    });
    expect(rename.json()).toEqual(INACTIVE);
    expect((await create(user, 'Segundo')).json()).toEqual(INACTIVE);
  });
});

describe('POST /api/ledgers/join with MEMBERSHIP_REQUIRED', () => {
  it('refuses to add a user without an active membership; they can still read the invite and their ledgers', async () => {
    const user = await lapsed();
    const info = await t.request({ method: 'GET', url: `/api/ledgers/invite-info/${inviteCode}`, token: user.token });
    expect(info.statusCode).toBe(200);
    const res = await join(user);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(INACTIVE);
    expect(await ids(user)).toEqual([user.ledgerId]);
    // A bad link is still reported as such.
    expect((await join(user, 'no-existe-este-codigo')).statusCode).toBe(404);
  });

  it('lets an active member and an administrator join', async () => {
    const member = await paying();
    expect((await join(member)).statusCode).toBe(200);
    expect(await ids(member)).toContain(host.ledgerId);
    const admin = await createUser(t, { role: 'ADMIN', membershipEnd: null });
    expect((await join(admin)).statusCode).toBe(200);
  });

  it('a member whose membership lapsed: joining again changes nothing and still answers the ledger; leaving works', async () => {
    const user = await paying();
    expect((await join(user)).statusCode).toBe(200);
    await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}/membership`,
      payload: { membership_end: null },
      token: (await createUser(t, { role: 'ADMIN' })).token,
    });
    const again = await join(user);
    expect(again.statusCode).toBe(200);
    expect(again.json().ledger.id).toBe(host.ledgerId);
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${host.ledgerId}/leave`, token: user.token })).statusCode).toBe(204);
    expect((await join(user)).json()).toEqual(INACTIVE);
  });

  it('an administrator setting a new membership end opens joining at once', async () => {
    const user = await lapsed();
    const admin = await createUser(t, { role: 'ADMIN' });
    expect((await join(user)).statusCode).toBe(403);
    const end = new Date(t.clock.now.getTime() + 30 * DAY).toISOString();
    const set = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}/membership`,
      payload: { membership_end: end },
      token: admin.token,
    });
    expect(set.statusCode).toBe(200);
    expect((await join(user)).statusCode).toBe(200);
  });
});
