import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { messages, USER_CHANGED } from '@arb/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.ts';
import { accessTokens } from '../src/lib/access-token.ts';
import { JOIN_LIMIT } from '../src/plugins/realtime.ts';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { ledgerChange } from '../src/services/ledger-change.ts';
import { connectError, connectSocket, sleep, type TestSocket } from './support/sockets.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/** The transactions API is built on another branch; these tests run once it is on this one. */
const hasTransactionsApi = (t: TestApp) => t.app.hasRoute({ method: 'POST', url: '/api/transactions' });
const newTransaction = (ledgerId: string, fecha: string) => ({
  venta: 100,
  tasa_venta: 40,
  compra: 100,
  tasa_compra: 39,
  notas: '',
  ledgerId,
  fecha,
});

/** How long "receives nothing" waits after a member on the same ledger already got the event. */
const QUIET_MS = 150;

const open: TestSocket[] = [];
async function socketFor(url: string, user: TestUser, transports?: Array<'websocket' | 'polling'>): Promise<TestSocket> {
  const s = await connectSocket(url, user.token, transports);
  open.push(s);
  return s;
}
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

describe('realtime socket, one instance (docs/api.md#calls, docs/architecture.md#realtime)', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { realtime: true });
    url = await t.listen();
    owner = await createUser(t);
    member = await createUser(t);
    outsider = await createUser(t);
    await addMember(t, owner.ledgerId, member.id);
  });
  afterAll(async () => t.close());

  const L = () => owner.ledgerId;
  const cases: Array<Omit<LedgerEvent, 'ledgerId' | 'byUserId'>> = [
    { event: 'ledger-updated', type: 'NAME_UPDATED' },
    { event: 'transaction-updated', type: 'CREATED', fecha: '2026-03-02' },
    { event: 'transaction-updated', type: 'UPDATED', fecha: '2026-03-02' },
    { event: 'transaction-updated', type: 'DELETED', fecha: '2026-03-02' },
    { event: 'transaction-updated', type: 'VERIFIED', fecha: '2026-03-02' },
    { event: 'transaction-updated', type: 'RESET', fecha: '2026-03-02' },
    { event: 'transaction-updated', type: 'DAILY_BALANCE_UPDATED', fecha: '2026-03-02' },
    { event: 'transaction-updated', type: 'BALANCE_BASE_UPDATED', fecha: '2026-03-02' },
    { event: 'member-permissions-updated', type: 'PERMISSIONS_UPDATED', userId: 'someone' },
    { event: 'balance-updated', type: 'DAILY_BALANCE_UPDATED', fecha: '2026-03-02' },
  ];

  it.each(cases)('every member in the room receives $event $type with the docs/architecture.md#realtime payload', async (c) => {
    const a = await socketFor(url, owner);
    const b = await socketFor(url, member);
    expect(await a.join(L())).toEqual({ ok: true });
    expect(await b.join(L())).toEqual({ ok: true });
    t.ctx.bus.publishLedger({ ...c, ledgerId: L(), byUserId: owner.id });
    const expected = {
      ledgerId: L(),
      type: c.type,
      byUserId: owner.id,
      ...(c.fecha ? { fecha: c.fecha } : {}),
      ...(c.userId ? { userId: c.userId } : {}),
    };
    for (const s of [a, b]) {
      const got = await s.waitFor((r) => r.event === c.event);
      expect(got.payload).toEqual(expected);
    }
  });

  it('real HTTP mutations reach the other members: create, verify, delete', async ({ skip }) => {
    if (!hasTransactionsApi(t)) skip('POST /api/transactions is not on this branch yet');
    const watcher = await socketFor(url, member);
    await watcher.join(L());
    const created = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: owner.token,
      payload: newTransaction(L(), '2026-03-06'),
    });
    expect(created.statusCode).toBe(201);
    expect((await watcher.waitFor((r) => r.payload.type === 'CREATED')).payload).toEqual({
      ledgerId: L(),
      type: 'CREATED',
      fecha: '2026-03-06',
      byUserId: owner.id,
    });
    const id = (created.json() as { transaction: { id: string } }).transaction.id;
    const verified = await t.request({
      method: 'PATCH',
      url: `/api/transactions/${id}/toggle-verify`,
      token: owner.token,
      payload: { esta_verificada: true },
    });
    expect(verified.statusCode).toBe(200);
    await watcher.waitFor((r) => r.payload.type === 'VERIFIED' && r.payload.fecha === '2026-03-06');
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${id}`, token: owner.token })).statusCode).toBe(204);
    await watcher.waitFor((r) => r.payload.type === 'DELETED' && r.payload.fecha === '2026-03-06');
  });

  it('a change made through the service layer reaches the room after it commits, and a rolled-back one never does', async () => {
    const a = await socketFor(url, member);
    await a.join(L());
    await expect(
      ledgerChange(t.ctx.db, t.ctx.bus, async ({ emit }) => {
        emit({ event: 'transaction-updated', ledgerId: L(), type: 'CREATED', fecha: '2026-03-03', byUserId: owner.id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await ledgerChange(t.ctx.db, t.ctx.bus, async ({ emit, record }) => {
      record({ ledgerId: L(), userId: owner.id, action: 'TEST_CHANGE' });
      emit({ event: 'transaction-updated', ledgerId: L(), type: 'UPDATED', fecha: '2026-03-03', byUserId: owner.id });
    });
    await a.waitFor((r) => r.payload.type === 'UPDATED');
    expect(a.received.map((r) => r.payload.type)).toEqual(['UPDATED']);
  });

  it("a non-member's join is refused and logged, and they receive nothing from that ledger", async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const watcher = await socketFor(url, member);
    const intruder = await socketFor(url, outsider);
    await watcher.join(L());
    expect(await intruder.join(L())).toEqual({ ok: false });
    expect(warn).toHaveBeenCalledWith({ userId: outsider.id, ledgerId: L() }, 'join-ledger refused: not a member');
    warn.mockRestore();
    t.ctx.bus.publishLedger({ event: 'transaction-updated', ledgerId: L(), type: 'CREATED', fecha: '2026-03-02', byUserId: owner.id });
    await watcher.waitFor((r) => r.event === 'transaction-updated');
    await sleep(QUIET_MS);
    expect(intruder.received).toEqual([]);
  });

  it('works over HTTP long-polling too (the fallback transport), beside the API on the same port', async () => {
    const s = await socketFor(url, member, ['polling']);
    expect(await s.join(L())).toEqual({ ok: true });
    t.ctx.bus.publishLedger({
      event: 'balance-updated',
      ledgerId: L(),
      type: 'DAILY_BALANCE_UPDATED',
      fecha: '2026-03-04',
      byUserId: owner.id,
    });
    expect((await s.waitFor((r) => r.event === 'balance-updated')).payload.fecha).toBe('2026-03-04');
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('an unknown ledger and a malformed id are refused alike', async () => {
    const s = await socketFor(url, owner);
    expect(await s.join('00000000-0000-4000-8000-000000000000')).toEqual({ ok: false });
    expect(await s.join("'; drop table users; --")).toEqual({ ok: false });
    expect(await s.join({ not: 'a string' })).toEqual({ ok: false });
  });

  it('a socket that joins faster than a person could is refused (each join costs a query)', async () => {
    const s = await socketFor(url, owner);
    const acks = [];
    for (let i = 0; i < JOIN_LIMIT.joins + 3; i++) acks.push(await s.join(L()));
    expect(acks.slice(0, JOIN_LIMIT.joins).every((a) => a.ok)).toBe(true);
    expect(acks.slice(JOIN_LIMIT.joins).map((a) => a.ok)).toEqual([false, false, false]);
  });

  it('a client watches one ledger at a time: joining another leaves the first', async () => {
    const s = await socketFor(url, member);
    const other = await socketFor(url, owner);
    await s.join(L());
    await other.join(L());
    expect(await s.join(member.ledgerId)).toEqual({ ok: true });
    t.ctx.bus.publishLedger({ event: 'ledger-updated', ledgerId: L(), type: 'NAME_UPDATED', byUserId: owner.id });
    t.ctx.bus.publishLedger({ event: 'ledger-updated', ledgerId: member.ledgerId, type: 'NAME_UPDATED', byUserId: member.id });
    await other.waitFor((r) => r.payload.ledgerId === L());
    await s.waitFor((r) => r.payload.ledgerId === member.ledgerId);
    await sleep(QUIET_MS);
    expect(s.received.map((r) => r.payload.ledgerId)).toEqual([member.ledgerId]);
  });

  it.each([
    ['no token', {}, 'UNAUTHORIZED', messages.unauthorized],
    ['a tampered token', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' }, 'UNAUTHORIZED', messages.sessionExpired],
  ])('%s fails to connect with a Spanish connect_error', async (_label, auth, code, message) => {
    const err = await connectError(url, auth);
    expect(err.message).toBe(message);
    expect(err.data?.code).toBe(code);
  });

  it('an expired token fails with TOKEN_EXPIRED (the web refreshes and reconnects)', async () => {
    const expired = await accessTokens(t.ctx.config.JWT_SECRET, -60).sign({ sub: owner.id, role: 'USER', sid: randomUUID() });
    const err = await connectError(url, { token: expired });
    expect(err.data?.code).toBe('TOKEN_EXPIRED');
    expect(err.message).toBe(messages.sessionExpired);
  });

  it('a token signed with another secret fails', async () => {
    const forged = await accessTokens(randomBytes(32).toString('hex')).sign({ sub: owner.id, role: 'ADMIN', sid: randomUUID() });
    expect((await connectError(url, { token: forged })).data?.code).toBe('UNAUTHORIZED');
  });

  it('a deactivated account cannot connect', async () => {
    const u = await createUser(t);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    const err = await connectError(url, { token: u.token });
    expect(err.data?.code).toBe('ACCOUNT_DISABLED');
    expect(err.message).toBe(messages.accountDisabled);
  });

  it('an unverified email cannot connect while verification is required', async () => {
    const u = await createUser(t, { verified: false });
    expect((await connectError(url, { token: u.token })).data?.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('an expelled member hears member-removed, then leaves the room at once', async () => {
    const expelled = await createUser(t);
    await addMember(t, L(), expelled.id);
    const ownerSocket = await socketFor(url, owner);
    const gone = await socketFor(url, expelled);
    await ownerSocket.join(L());
    await gone.join(L());
    t.ctx.bus.publishLedger({ event: 'member-removed', ledgerId: L(), type: 'MEMBER_REMOVED', byUserId: owner.id, userId: expelled.id });
    const removed = await gone.waitFor((r) => r.event === 'member-removed');
    expect(removed.payload).toEqual({ ledgerId: L(), type: 'MEMBER_REMOVED', byUserId: owner.id, userId: expelled.id });
    await ownerSocket.waitFor((r) => r.event === 'member-removed');
    // The socket stays connected but is out of the room: the next change does not reach it.
    t.ctx.bus.publishLedger({ event: 'transaction-updated', ledgerId: L(), type: 'CREATED', fecha: '2026-03-02', byUserId: owner.id });
    await ownerSocket.waitFor((r) => r.event === 'transaction-updated');
    await sleep(QUIET_MS);
    expect(gone.socket.connected).toBe(true);
    expect(gone.received.map((r) => r.event)).toEqual(['member-removed']);
  });

  it.each(['user-deactivated', 'user-deleted'] as const)('a %s user is disconnected from every socket', async (kind) => {
    const u = await createUser(t);
    const first = await socketFor(url, u);
    const second = await socketFor(url, u);
    const bystander = await socketFor(url, owner);
    const reasons = [first, second].map((s) => new Promise<string>((resolve) => s.socket.once('disconnect', resolve)));
    t.ctx.bus.publishUser({ kind, userId: u.id });
    expect(await Promise.all(reasons)).toEqual(['io server disconnect', 'io server disconnect']);
    await sleep(QUIET_MS);
    expect(bystander.socket.connected).toBe(true);
  });

  it("an administrator's change of a role or an email reaches that user's sockets, and only theirs (issue 25)", async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const u = await createUser(t);
    const [first, second, bystander] = [await socketFor(url, u), await socketFor(url, u), await socketFor(url, owner)];
    let bystanderTold = 0;
    bystander.socket.on(USER_CHANGED, () => (bystanderTold += 1));
    const told = (s: TestSocket) => new Promise<void>((resolve) => s.socket.once(USER_CHANGED, () => resolve()));
    const patch = (path: string, payload: object) =>
      t.request({ method: 'PATCH', url: `/api/admin/users/${u.id}/${path}`, token: admin.token, payload });

    const promoted = [told(first), told(second)];
    expect((await patch('role', { role: 'ADMIN' })).statusCode).toBe(200);
    await Promise.all(promoted);
    const readdressed = told(first);
    expect((await patch('email', { email: `nuevo-${randomUUID()}@example.com` })).statusCode).toBe(200);
    await readdressed;
    await sleep(QUIET_MS);
    expect(bystanderTold).toBe(0);
    // Still connected: being told is no disconnection.
    expect(first.socket.connected && second.socket.connected).toBe(true);
  });

  it('app.close() disconnects the sockets and closes the server', async () => {
    const other = await createTestApp({}, { realtime: true });
    const otherUrl = await other.listen();
    const u = await createUser(other);
    const s = await connectSocket(otherUrl, u.token);
    const reason = new Promise<string>((resolve) => s.socket.once('disconnect', resolve));
    await other.close();
    expect(await reason).toBe('io server disconnect');
    s.close();
  });
});

describe('realtime across two server instances on one PostgreSQL (docs/architecture.md)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  let owner: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    const env = { JWT_SECRET: randomBytes(32).toString('hex') };
    a = await createTestApp(env, { realtime: { adapter: 'postgres' } });
    b = await createTestApp(env, { realtime: { adapter: 'postgres' }, database: a.database });
    await a.listen();
    urlB = await b.listen();
    owner = await createUser(a);
    member = await createUser(a);
    await addMember(a, owner.ledgerId, member.id);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('uses the PostgreSQL adapter on both', () => {
    expect(a.realtime?.adapter).toBe('postgres');
    expect(b.realtime?.adapter).toBe('postgres');
  });

  it('a change published on instance A reaches a client of instance B', async () => {
    const onB = await socketFor(urlB, member);
    await onB.join(owner.ledgerId);
    a.ctx.bus.publishLedger({
      event: 'transaction-updated',
      ledgerId: owner.ledgerId,
      type: 'CREATED',
      fecha: '2026-03-02',
      byUserId: owner.id,
    });
    const got = await onB.waitFor((r) => r.event === 'transaction-updated');
    expect(got.payload).toEqual({ ledgerId: owner.ledgerId, type: 'CREATED', fecha: '2026-03-02', byUserId: owner.id });
  });

  it('a transaction created over HTTP on instance A reaches a client of instance B', async ({ skip }) => {
    if (!hasTransactionsApi(a)) skip('POST /api/transactions is not on this branch yet');
    const onB = await socketFor(urlB, member);
    await onB.join(owner.ledgerId);
    const res = await a.request({
      method: 'POST',
      url: '/api/transactions',
      token: owner.token,
      payload: newTransaction(owner.ledgerId, '2026-03-07'),
    });
    expect(res.statusCode).toBe(201);
    const got = await onB.waitFor((r) => r.payload.fecha === '2026-03-07');
    expect(got).toEqual({
      event: 'transaction-updated',
      payload: { ledgerId: owner.ledgerId, type: 'CREATED', fecha: '2026-03-07', byUserId: owner.id },
    });
  });

  it('an expulsion on A takes the member out of the room on B', async () => {
    const expelled = await createUser(a);
    await addMember(a, owner.ledgerId, expelled.id);
    const watcher = await socketFor(urlB, member);
    const gone = await socketFor(urlB, expelled);
    await watcher.join(owner.ledgerId);
    await gone.join(owner.ledgerId);
    a.ctx.bus.publishLedger({
      event: 'member-removed',
      ledgerId: owner.ledgerId,
      type: 'MEMBER_REMOVED',
      byUserId: owner.id,
      userId: expelled.id,
    });
    await gone.waitFor((r) => r.event === 'member-removed');
    // The leave travels separately from the broadcast; once the watcher has seen a later event, it has landed.
    await sleep(QUIET_MS);
    a.ctx.bus.publishLedger({ event: 'ledger-updated', ledgerId: owner.ledgerId, type: 'NAME_UPDATED', byUserId: owner.id });
    await watcher.waitFor((r) => r.event === 'ledger-updated');
    await sleep(QUIET_MS);
    expect(gone.received.map((r) => r.event)).toEqual(['member-removed']);
  });

  it('a deactivation on A disconnects the user on B', async () => {
    const u = await createUser(a);
    const onB = await socketFor(urlB, u);
    const reason = new Promise<string>((resolve) => onB.socket.once('disconnect', resolve));
    a.ctx.bus.publishUser({ kind: 'user-deactivated', userId: u.id });
    expect(await reason).toBe('io server disconnect');
  });
});

/** The machines and CI run a Redis on loopback (see the machine notes); TEST_REDIS_URL points elsewhere. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(redisUrl);
  const probe = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
  probe.once('connect', () => (probe.destroy(), resolve(true)));
  probe.once('error', () => resolve(false));
});

describe.skipIf(!redisUp)('realtime across two server instances through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    // Both instances share the secret and a key prefix of their own, so parallel runs do not mix.
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), REDIS_URL: redisUrl };
    const prefix = `arb-test-${randomBytes(4).toString('hex')}`;
    a = await createTestApp(env, { realtime: { prefix } });
    b = await createTestApp(env, { realtime: { prefix }, database: a.database });
    await a.listen();
    urlB = await b.listen();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('picks the Redis adapter from REDIS_URL, and a change on A reaches a client of B', async () => {
    expect(a.realtime?.adapter).toBe('redis');
    const owner = await createUser(a);
    const member = await createUser(a);
    await addMember(a, owner.ledgerId, member.id);
    const onB = await socketFor(urlB, member);
    await onB.join(owner.ledgerId);
    a.ctx.bus.publishLedger({
      event: 'transaction-updated',
      ledgerId: owner.ledgerId,
      type: 'VERIFIED',
      fecha: '2026-03-05',
      byUserId: owner.id,
    });
    expect((await onB.waitFor((r) => r.event === 'transaction-updated')).payload).toEqual({
      ledgerId: owner.ledgerId,
      type: 'VERIFIED',
      fecha: '2026-03-05',
      byUserId: owner.id,
    });
  });

  it('a deactivation on A disconnects the user on B', async () => {
    const u = await createUser(a);
    const onB = await socketFor(urlB, u);
    const reason = new Promise<string>((resolve) => onB.socket.once('disconnect', resolve));
    a.ctx.bus.publishUser({ kind: 'user-deactivated', userId: u.id });
    expect(await reason).toBe('io server disconnect');
  });
});
