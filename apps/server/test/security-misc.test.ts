import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser } from './support/users.ts';

const DAY = '2026-11-20';

describe('idempotency keys bound to their request (docs/product.md#account-security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('the same key with another body or another ledger → 422 IDEMPOTENCY_MISMATCH; the same request replays', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await addMember(t, other.ledgerId, u.id, true);
    const key = randomUUID();
    const send = (payload: object) =>
      t.request({ method: 'POST', url: '/api/transactions', token: u.token, headers: { 'idempotency-key': key }, payload });
    const first = await send({ ledgerId: u.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 });
    expect(first.statusCode).toBe(201);
    const mismatch = { error: 'Esta solicitud ya se usó con otros datos. Vuelve a intentarlo.', code: 'IDEMPOTENCY_MISMATCH' };
    const otherBody = await send({ ledgerId: u.ledgerId, fecha: DAY, venta: 2, tasa_venta: 40 });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual(mismatch);
    const otherLedger = await send({ ledgerId: other.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 });
    expect(otherLedger.statusCode).toBe(422);
    expect(otherLedger.json()).toEqual(mismatch);
    // Key order of the body does not matter; the same request still answers the first transaction.
    const again = await send({ tasa_venta: 40, venta: 1, fecha: DAY, ledgerId: u.ledgerId });
    expect(again.statusCode).toBe(201);
    expect(again.json().transaction.id).toBe(first.json().transaction.id);
  });
});

describe('invite codes (docs/product.md#account-security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('expelling a member rotates the invite code: the old link answers 404', async () => {
    const owner = await createUser(t);
    const hugo = await createUser(t);
    const stranger = await createUser(t);
    const invite = (await t.request({ method: 'GET', url: `/api/ledgers/${owner.ledgerId}/invite`, token: owner.token })).json();
    expect(
      (await t.request({ method: 'POST', url: '/api/ledgers/join', token: hugo.token, payload: { inviteCode: invite.inviteCode } }))
        .statusCode,
    ).toBeLessThan(300);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/ledgers/${owner.ledgerId}/members/${hugo.id}`, token: owner.token })).statusCode,
    ).toBe(204);
    for (const who of [hugo, stranger]) {
      const info = await t.request({ method: 'GET', url: `/api/ledgers/invite-info/${invite.inviteCode}`, token: who.token });
      expect(info.statusCode).toBe(404);
      expect(info.json()).toEqual({ error: 'Enlace de invitación inválido o expirado', code: 'NOT_FOUND' });
      const join = await t.request({
        method: 'POST',
        url: '/api/ledgers/join',
        token: who.token,
        payload: { inviteCode: invite.inviteCode },
      });
      expect(join.statusCode).toBe(404);
    }
    const fresh = (await t.request({ method: 'GET', url: `/api/ledgers/${owner.ledgerId}/invite`, token: owner.token })).json();
    expect(fresh.inviteCode).not.toBe(invite.inviteCode);
    expect(
      (await t.request({ method: 'POST', url: '/api/ledgers/join', token: stranger.token, payload: { inviteCode: fresh.inviteCode } }))
        .statusCode,
    ).toBeLessThan(300);
  });
});

describe('GET /api/config (docs/product.md#account-security)', () => {
  it('is public and answers the guards settings', async () => {
    const t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'false', MEMBERSHIP_REQUIRED: 'true' });
    try {
      const res = await t.request({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        requireEmailVerification: false,
        membershipRequired: true,
        telegram: { enabled: false, botUsername: null },
      });
    } finally {
      await t.close();
    }
  });
});
