import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, emailTokens, ledgers, paymentProofs, sessions, transactions, users } from '../src/db/schema.ts';
import type { UserEvent } from '../src/lib/ledger-events.ts';
import { makeImage, multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const DAY = 86_400_000;

describe('admin API', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'ADMIN', name: 'Admin Uno', email: 'admin@example.com' });
    alice = await createUser(t, { name: 'Alice', email: 'alice@example.com' });
    bob = await createUser(t, { name: 'Bob', email: 'bob@example.com' });
  });
  afterAll(async () => t.close());

  const as = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, token: user.token, ...(payload ? { payload } : {}) });

  /** A transaction row as the transactions service stores it (figures already computed). */
  const insertTx = async (ledgerId: string, createdBy: string, fecha: string, gananciaUsd: string, createdAt: Date) => {
    const [row] = await t.ctx.db
      .insert(transactions)
      .values({
        ledgerId,
        createdBy,
        fecha,
        venta: '100.00',
        tasaVenta: '40.5000',
        compra: '100.00',
        tasaCompra: '40.0000',
        bsRecibidos: '4050',
        bsPagados: '4000',
        gananciaVes: '50',
        gananciaUsd,
        notas: 'nota',
        createdAt,
      })
      .returning();
    return row!;
  };

  const uploadProof = async (user: TestUser, note?: string) => {
    const body = multipart(note ? { note } : {}, [{ filename: 'p.png', contentType: 'image/png', data: await makeImage('png') }]);
    const res = await t.request({
      method: 'POST',
      url: '/api/membership/payment-proofs',
      token: user.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(201);
    return res.json().paymentProof as { id: string };
  };

  describe('refusals for non-admins', () => {
    it.each([
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/transactions'],
      ['GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/payment-proofs'],
      ['POST', '/api/admin/payment-proofs/00000000-0000-4000-8000-000000000000/approve'],
      ['POST', '/api/admin/payment-proofs/00000000-0000-4000-8000-000000000000/reject'],
      ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/membership'],
      ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/activate'],
      ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/deactivate'],
      ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/role'],
      ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/email'],
      ['DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000'],
    ] as const)('%s %s → 403 for a USER, 401 without a token', async (method, url) => {
      const res = await as(alice, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Solo un administrador puede realizar esta acción', code: 'FORBIDDEN' });
      expect((await t.request({ method, url })).statusCode).toBe(401);
    });
  });

  describe('GET /api/admin/users', () => {
    it('lists every user with counts and membership status (docs/api.md admin view)', async () => {
      const shared = await t.ctx.db
        .insert(ledgers)
        .values({ name: 'Compartido', ownerId: alice.id, inviteCode: randomBytes(9).toString('base64url') })
        .returning();
      await addMember(t, shared[0]!.id, alice.id, true);
      await addMember(t, shared[0]!.id, bob.id);
      await uploadProof(bob, 'pago 1');
      await t.ctx.db
        .update(users)
        .set({ membershipEnd: new Date(t.clock.now.getTime() + 5 * DAY + 1000) })
        .where(eq(users.id, alice.id));

      const res = await as(admin, 'GET', '/api/admin/users');
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(Array.isArray(list)).toBe(true);
      const a = list.find((u: { id: string }) => u.id === alice.id);
      expect(a).toEqual({
        id: alice.id,
        user_name: 'Alice',
        email: 'alice@example.com',
        role: 'USER',
        is_active: true,
        email_verified: true,
        phone_number: null,
        two_factor_enabled: false,
        membership_status: 'active',
        // 5 days and 1 s from now: the last covered day is 5 calendar days ahead (not 6 rounded up)
        days_remaining: 5,
        membership_start: null,
        membership_end: expect.any(String),
        created_at: expect.any(String),
        _count: { ownedLedgers: 2, memberships: 0, paymentProofs: 0 },
      });
      const b = list.find((u: { id: string }) => u.id === bob.id);
      expect(b).toMatchObject({
        membership_status: 'pending_payment',
        days_remaining: 0,
        membership_end: null,
        _count: { ownedLedgers: 1, memberships: 1, paymentProofs: 1 },
      });
    });

    it('is one database query however many users there are', async () => {
      const values = Array.from({ length: 300 }, (_, i) => ({
        email: `bulk${i}@example.com`,
        passwordHash: 'x',
        userName: `Bulk ${String(i).padStart(3, '0')}`,
      }));
      const inserted = await t.ctx.db.insert(users).values(values).returning({ id: users.id });
      await t.ctx.db
        .insert(ledgers)
        .values(inserted.map((u) => ({ name: 'Mi Registro', ownerId: u.id, inviteCode: randomBytes(9).toString('base64url') })));
      const spy = vi.spyOn(t.database.pool, 'query');
      try {
        const res = await as(admin, 'GET', '/api/admin/users');
        expect(res.json().length).toBeGreaterThanOrEqual(303);
        // One for the admin guard (who is calling), one for the whole list. The app's background
        // jobs (mail outbox, purges) share the pool and may run meanwhile: only this request's
        // reads count.
        const sqlOf = (c: unknown[]) => String(typeof c[0] === 'string' ? c[0] : (c[0] as { text?: string }).text).trim();
        const reads = spy.mock.calls
          .map(sqlOf)
          .filter((q) => /^(select|with)\b/i.test(q) && !/email_outbox|rate_limits|telegram_|notification_outbox/.test(q));
        expect(reads).toHaveLength(2);
      } finally {
        spy.mockRestore();
      }
    });

    it('searches, sorts and pages', async () => {
      const page1 = (await as(admin, 'GET', '/api/admin/users?search=bulk&sort=user_name&page=1&pageSize=10')).json();
      expect(page1.total).toBe(300);
      expect(page1.page).toBe(1);
      expect(page1.pageSize).toBe(10);
      expect(page1.users.map((u: { user_name: string }) => u.user_name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Bulk ${String(i).padStart(3, '0')}`),
      );
      const last = (await as(admin, 'GET', '/api/admin/users?search=BULK&sort=-user_name&page=2&pageSize=5')).json();
      expect(last.users.map((u: { user_name: string }) => u.user_name)).toEqual([
        'Bulk 294',
        'Bulk 293',
        'Bulk 292',
        'Bulk 291',
        'Bulk 290',
      ]);
      const byProofs = (await as(admin, 'GET', '/api/admin/users?sort=-payment_proofs&pageSize=1')).json();
      expect(byProofs.users[0].id).toBe(bob.id);
      const byEmail = (await as(admin, 'GET', '/api/admin/users?search=alice%40')).json();
      expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([alice.id]);
      const literal = (await as(admin, 'GET', '/api/admin/users?search=%25')).json();
      expect(literal.total).toBe(0); // '%' is searched literally, not as a wildcard
      expect((await as(admin, 'GET', '/api/admin/users?sort=password_hash')).statusCode).toBe(400);
    });
  });

  it("GET users/:id/transactions: the user's own transactions in any ledger, newest first, with the ledger name", async () => {
    const ledger = await t.ctx.db
      .select()
      .from(ledgers)
      .where(and(eq(ledgers.ownerId, alice.id), eq(ledgers.name, 'Compartido')));
    const t0 = new Date('2026-11-01T10:00:00Z');
    const older = await insertTx(alice.ledgerId, alice.id, '2026-11-01', '1.25', t0);
    const newer = await insertTx(ledger[0]!.id, alice.id, '2026-11-02', '-0.5', new Date(t0.getTime() + 60_000));
    await insertTx(ledger[0]!.id, bob.id, '2026-11-02', '3', new Date(t0.getTime() + 120_000));
    const res = await as(admin, 'GET', `/api/admin/users/${alice.id}/transactions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: newer.id,
        fecha: '2026-11-02',
        ledger: { id: ledger[0]!.id, name: 'Compartido' },
        venta: 100,
        tasa_venta: 40.5,
        compra: 100,
        tasa_compra: 40,
        ganancia: -0.5,
        esta_verificada: false,
        notas: 'nota',
        comision_usd: 0,
        ocurrido_en: expect.any(String),
        origen: 'manual',
        referencia: null,
        createdAt: expect.any(String),
      },
      {
        id: older.id,
        fecha: '2026-11-01',
        ledger: { id: alice.ledgerId, name: 'Mi Registro' },
        venta: 100,
        tasa_venta: 40.5,
        compra: 100,
        tasa_compra: 40,
        ganancia: 1.25,
        esta_verificada: false,
        notas: 'nota',
        comision_usd: 0,
        ocurrido_en: expect.any(String),
        origen: 'manual',
        referencia: null,
        createdAt: expect.any(String),
      },
    ]);
    expect((await as(admin, 'GET', `/api/admin/users/${admin.id}/transactions`)).json()).toEqual([]);
    expect((await as(admin, 'GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/transactions')).statusCode).toBe(404);
  });

  it('GET users/:id/payment-proofs → {paymentProofs} with signed image URLs', async () => {
    const res = await as(admin, 'GET', `/api/admin/users/${bob.id}/payment-proofs`);
    expect(res.statusCode).toBe(200);
    const { paymentProofs: list } = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ note: 'pago 1', status: 'pending' });
    const img = await t.request({ method: 'GET', url: list[0].imageUrl });
    expect(img.statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/admin/users/${alice.id}/payment-proofs`)).json()).toEqual({ paymentProofs: [] });
  });

  it('POST payment-proofs/:id/approve with days, and reject; 404 for an unknown proof', async () => {
    const [proof] = await t.ctx.db.select({ id: paymentProofs.id }).from(paymentProofs).where(eq(paymentProofs.userId, bob.id));
    const res = await as(admin, 'POST', `/api/admin/payment-proofs/${proof!.id}/approve`, { days: 7 });
    expect(res.json().user).toMatchObject({ id: bob.id, membership_status: 'active', days_remaining: 7 });
    const second = await uploadProof(bob);
    const rej = await as(admin, 'POST', `/api/admin/payment-proofs/${second.id}/reject`, {});
    expect(rej.json().paymentProof).toMatchObject({ status: 'rejected', rejectionReason: null });
    expect((await as(admin, 'POST', '/api/admin/payment-proofs/00000000-0000-4000-8000-000000000000/approve', {})).statusCode).toBe(404);
    expect((await as(admin, 'POST', `/api/admin/payment-proofs/${proof!.id}/approve`, { days: 0 })).statusCode).toBe(400);
  });

  it('PATCH users/:id/membership sets and clears the end date', async () => {
    const end = new Date(t.clock.now.getTime() + 20 * DAY).toISOString();
    const res = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/membership`, { membership_end: end });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ membership_end: end, membership_status: 'active', days_remaining: 20 });
    const cleared = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/membership`, { membership_end: null });
    expect(cleared.json().user).toMatchObject({
      membership_end: null,
      membership_start: null,
      membership_status: 'inactive',
      days_remaining: 0,
    });
    expect((await as(admin, 'PATCH', `/api/admin/users/${bob.id}/membership`, { membership_end: 'mañana' })).statusCode).toBe(400);
  });

  it('PATCH role: promotes and demotes, never the own role; every answer tells the caller their role', async () => {
    // The role as read on each request rides on the answer, so the web re-reads its stored user
    // (issue 25: a promoted user had to sign out and in to reach /admin).
    const role = (res: { headers: Record<string, unknown> }) => res.headers['x-user-role'];
    const balances = `/api/transactions/balances?ledgerId=${bob.ledgerId}&fecha=2026-11-20`;
    expect(role(await as(bob, 'GET', '/api/ledgers'))).toBe('USER');
    const up = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/role`, { role: 'ADMIN' });
    expect(up.json().user.role).toBe('ADMIN');
    // The guard reads the role from the database: Bob's old token now opens the admin area.
    const opened = await as(bob, 'GET', '/api/admin/users');
    expect(opened.statusCode).toBe(200);
    expect(role(opened)).toBe('ADMIN');
    // Any call says so, a ledger route (the member guard) included, before he ever asks for /admin.
    expect(role(await as(bob, 'GET', balances))).toBe('ADMIN');
    expect(role(await as(bob, 'GET', '/api/auth/me'))).toBe('ADMIN');
    const down = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/role`, { role: 'USER' });
    expect(down.json().user.role).toBe('USER');
    // The refusal itself tells the demoted admin why: the web leaves /admin.
    const refused = await as(bob, 'GET', '/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(role(refused)).toBe('USER');
    expect(role(await as(bob, 'GET', balances))).toBe('USER');
    // Nobody is told a role without a valid token.
    expect(role(await t.request({ method: 'GET', url: '/api/ledgers' }))).toBeUndefined();
    const self = await as(admin, 'PATCH', `/api/admin/users/${admin.id}/role`, { role: 'USER' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('No puedes cambiar tu propio rol.');
    expect((await as(admin, 'PATCH', `/api/admin/users/${bob.id}/role`, { role: 'ROOT' })).statusCode).toBe(400);
  });

  it('PATCH deactivate: revokes every session, tells the sockets, and the next call is 403; activate restores', async () => {
    // Two real sessions (two devices), through the login call.
    const login = () => t.request({ method: 'POST', url: '/api/auth/login', payload: { email: bob.email, password: bob.password } });
    const devices = [(await login()).json(), (await login()).json()];
    expect(devices.every((d) => typeof d.refreshToken === 'string')).toBe(true);
    const events: UserEvent[] = [];
    const off = t.ctx.bus.onUser((e) => events.push(e));
    try {
      const res = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/deactivate`);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: bob.id, is_active: false });
    } finally {
      off();
    }
    expect(events).toEqual([{ kind: 'user-deactivated', userId: bob.id }]);
    const live = await t.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, bob.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    for (const d of devices) {
      const refresh = await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: d.refreshToken } });
      expect(refresh.statusCode).toBeGreaterThanOrEqual(401);
      expect(refresh.statusCode).toBeLessThanOrEqual(403);
    }
    expect((await login()).statusCode).toBe(403);
    const next = await as(bob, 'GET', '/api/membership/my-membership');
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('ACCOUNT_DISABLED');

    const back = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/activate`);
    expect(back.json().user.is_active).toBe(true);
    // The deactivation ended his sessions (docs/product.md#account-security): the old token stays refused; he signs in again.
    expect((await as(bob, 'GET', '/api/membership/my-membership')).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(200);

    const self = await as(admin, 'PATCH', `/api/admin/users/${admin.id}/deactivate`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('No puedes desactivarte a ti mismo.');
    expect((await as(admin, 'PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/deactivate')).statusCode).toBe(404);
  });

  // Issue 17: an admin editing their own email became unverified and locked out.
  it('PATCH email: never the admin’s own, with a Spanish message', async () => {
    const self = await as(admin, 'PATCH', `/api/admin/users/${admin.id}/email`, { email: 'nuevo-admin@example.com' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'No puedes cambiar tu propio email desde el panel de administración.', code: 'VALIDATION_ERROR' });
    const [row] = await t.ctx.db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, admin.id));
    expect(row).toEqual({ email: 'admin@example.com', verified: true });
  });

  it('PATCH email: 409 when taken; otherwise unverified, a verification mail to the new address and a notice to the old', async () => {
    const taken = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/email`, { email: 'ALICE@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Ya existe una cuenta con este email', code: 'EMAIL_TAKEN' });
    expect((await as(admin, 'PATCH', `/api/admin/users/${bob.id}/email`, { email: 'no es email' })).statusCode).toBe(400);

    const res = await as(admin, 'PATCH', `/api/admin/users/${bob.id}/email`, { email: 'roberto@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'roberto@example.com', email_verified: false });
    const [mail] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'roberto@example.com'));
    expect(mail!.subject).toBe('Verifica tu email - Arbitraje USD/VES');
    const token = /verify-email\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const [row] = await t.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, bob.id));
    expect(row).toMatchObject({ kind: 'verify', email: 'roberto@example.com', usedAt: null });
    // Stored as the SHA-256 of the mailed token, valid 24 h.
    const { createHash } = await import('node:crypto');
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.expiresAt.getTime() - t.clock.now.getTime()).toBe(24 * 3_600_000);
    // The old address is told where the account went (issue 25).
    const [notice] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, bob.email));
    expect(notice!.subject).toBe('Tu email fue cambiado - Arbitraje USD/VES');
    expect(notice!.text).toContain('cambió el email de tu cuenta de Arbitraje USD/VES a roberto@example.com');
    // Until verified, the user is held at the verification step (REQUIRE_EMAIL_VERIFICATION).
    // (Bob signs in again: the deactivation above ended his sessions, docs/product.md#account-security.)
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'roberto@example.com', password: bob.password },
    });
    expect((await t.request({ method: 'GET', url: '/api/membership/my-membership', token: again.json().token })).json().code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });

  it('DELETE user: never self; removes their own ledgers, keeps their transactions in others\u2019 ledgers without author', async () => {
    const self = await as(admin, 'DELETE', `/api/admin/users/${admin.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('No puedes eliminarte a ti mismo.');

    // Carol owns a ledger (with Dave in it) and writes in Dave's ledger.
    const carol = await createUser(t, { name: 'Carol' });
    const dave = await createUser(t, { name: 'Dave' });
    await addMember(t, carol.ledgerId, dave.id);
    await addMember(t, dave.ledgerId, carol.id);
    const inOwn = await insertTx(carol.ledgerId, carol.id, '2026-11-03', '1', new Date());
    const inDaves = await insertTx(dave.ledgerId, carol.id, '2026-11-03', '2', new Date());
    const davesOwn = await insertTx(dave.ledgerId, dave.id, '2026-11-03', '3', new Date());

    const res = await as(admin, 'DELETE', `/api/admin/users/${carol.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.ctx.db.$count(users, eq(users.id, carol.id))).toBe(0);
    expect(await t.ctx.db.$count(ledgers, eq(ledgers.id, carol.ledgerId))).toBe(0);
    expect(await t.ctx.db.$count(transactions, eq(transactions.id, inOwn.id))).toBe(0);
    const kept = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.ledgerId, dave.ledgerId))
      .orderBy(sql`${transactions.gananciaUsd}`);
    expect(kept.map((r) => [r.id, r.createdBy])).toEqual([
      [inDaves.id, null],
      [davesOwn.id, dave.id],
    ]);
    expect(await t.ctx.db.$count(ledgers, eq(ledgers.id, dave.ledgerId))).toBe(1);
    expect((await as(admin, 'DELETE', `/api/admin/users/${carol.id}`)).statusCode).toBe(404);
    expect((await as(carol, 'GET', '/api/membership/my-membership')).statusCode).toBe(401);
  });
});
