import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMembers, ledgers } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * docs/product.md#permissions on every ledger route, through HTTP: non-member, member, member with
 * canModifyBalance, owner. Each case gets its own ledger, so a delete or a leave in one case
 * cannot change the outcome of another.
 */
type Role = 'outsider' | 'member' | 'trusted' | 'owner';

interface Fixture {
  ledgerId: string;
}

interface Row {
  name: string;
  call: (f: Fixture) => { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
  expected: Record<Role, number>;
}

const rows: Row[] = [
  {
    name: 'PUT name',
    call: (f) => ({ method: 'PUT', url: `/api/ledgers/${f.ledgerId}/name`, payload: { name: 'Nuevo nombre' } }),
    expected: { outsider: 404, member: 200, trusted: 200, owner: 200 },
  },
  {
    name: 'GET invite',
    call: (f) => ({ method: 'GET', url: `/api/ledgers/${f.ledgerId}/invite` }),
    expected: { outsider: 404, member: 403, trusted: 403, owner: 200 },
  },
  {
    name: 'POST invite/regenerate',
    call: (f) => ({ method: 'POST', url: `/api/ledgers/${f.ledgerId}/invite/regenerate` }),
    expected: { outsider: 404, member: 403, trusted: 403, owner: 200 },
  },
  {
    name: 'PATCH permissions',
    call: (f) => ({
      method: 'PATCH',
      url: `/api/ledgers/${f.ledgerId}/members/${spare.id}/permissions`,
      payload: { canModifyBalance: true },
    }),
    expected: { outsider: 404, member: 403, trusted: 403, owner: 200 },
  },
  {
    name: 'DELETE member',
    call: (f) => ({ method: 'DELETE', url: `/api/ledgers/${f.ledgerId}/members/${spare.id}` }),
    expected: { outsider: 404, member: 403, trusted: 403, owner: 204 },
  },
  {
    name: 'DELETE leave',
    call: (f) => ({ method: 'DELETE', url: `/api/ledgers/${f.ledgerId}/leave` }),
    expected: { outsider: 404, member: 204, trusted: 204, owner: 400 },
  },
  {
    name: 'DELETE reset',
    call: (f) => ({ method: 'DELETE', url: `/api/ledgers/${f.ledgerId}/reset`, payload: { fecha: '2026-11-20' } }),
    expected: { outsider: 404, member: 403, trusted: 403, owner: 204 },
  },
  {
    name: 'DELETE ledger',
    call: (f) => ({ method: 'DELETE', url: `/api/ledgers/${f.ledgerId}` }),
    expected: { outsider: 404, member: 403, trusted: 403, owner: 204 },
  },
];

let t: TestApp;
let users: Record<Role, TestUser>;
let spare: TestUser;

async function fixture(): Promise<Fixture> {
  const [ledger] = await t.ctx.db
    .insert(ledgers)
    .values({ name: 'Compartido', ownerId: users.owner.id, inviteCode: randomBytes(16).toString('base64url') })
    .returning();
  const ledgerId = ledger!.id;
  await t.ctx.db.insert(ledgerMembers).values({ ledgerId, userId: users.owner.id, canModifyBalance: true });
  await addMember(t, ledgerId, users.member.id, false);
  await addMember(t, ledgerId, users.trusted.id, true);
  await addMember(t, ledgerId, spare.id, false);
  return { ledgerId };
}

beforeAll(async () => {
  t = await createTestApp();
  users = {
    outsider: await createUser(t, { name: 'Ajeno' }),
    member: await createUser(t, { name: 'Miembro' }),
    trusted: await createUser(t, { name: 'Confiable' }),
    owner: await createUser(t, { name: 'Dueño' }),
  };
  spare = await createUser(t, { name: 'Otro' });
});
afterAll(async () => t.close());

describe('docs/product.md#permissions matrix on the ledger routes', () => {
  const cases = rows.flatMap((row) =>
    (Object.keys(row.expected) as Role[]).map((role) => [row.name, role, row.expected[role], row] as const),
  );

  it.each(cases)('%s as %s → %i', async (_name, role, status, row) => {
    const f = await fixture();
    const res = await t.request({ ...row.call(f), token: users[role].token });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 404) expect(res.json()).toEqual({ error: 'Registro no encontrado', code: 'NOT_FOUND' });
    if (status === 403) expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    if (status === 400)
      expect(res.json()).toEqual({ error: 'El propietario no puede salir del registro. Puedes eliminarlo.', code: 'VALIDATION_ERROR' });
  });

  it('reset by a non-owner answers SPEC’s 403 text', async () => {
    const f = await fixture();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/ledgers/${f.ledgerId}/reset`,
      payload: { fecha: '2026-11-20' },
      token: users.trusted.token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Solo el propietario del grupo puede resetear el registro');
  });

  it('GET /api/ledgers lists the ledger to its members only', async () => {
    const f = await fixture();
    for (const role of ['member', 'trusted', 'owner'] as const) {
      const list = (await t.request({ method: 'GET', url: '/api/ledgers', token: users[role].token })).json() as Array<{ id: string }>;
      expect(list.map((l) => l.id)).toContain(f.ledgerId);
    }
    const outsiderList = (await t.request({ method: 'GET', url: '/api/ledgers', token: users.outsider.token })).json() as Array<{
      id: string;
    }>;
    expect(outsiderList.map((l) => l.id)).not.toContain(f.ledgerId);
  });

  it('a ledger that does not exist answers exactly like one the caller is not in', async () => {
    const f = await fixture();
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [f.ledgerId, missing]) {
      const res = await t.request({ method: 'PUT', url: `/api/ledgers/${id}/name`, payload: { name: 'x' }, token: users.outsider.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Registro no encontrado', code: 'NOT_FOUND' });
    }
  });

  it('every ledger route needs a session', async () => {
    const f = await fixture();
    for (const row of rows) {
      const res = await t.request(row.call(f));
      expect(res.statusCode).toBe(401);
    }
    expect((await t.request({ method: 'GET', url: '/api/ledgers' })).statusCode).toBe(401);
  });
});

describe('MEMBERSHIP_REQUIRED (docs/product.md#memberships)', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ MEMBERSHIP_REQUIRED: 'true' });
  });
  afterAll(async () => m.close());

  it('refuses ledger writes without an active membership but still lets the user read', async () => {
    const lapsed = await createUser(m, { membershipEnd: null });
    const rename = await m.request({
      method: 'PUT',
      url: `/api/ledgers/${lapsed.ledgerId}/name`,
      payload: { name: 'Otro' },
      token: lapsed.token,
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().code).toBe('MEMBERSHIP_INACTIVE');
    expect((await m.request({ method: 'GET', url: '/api/ledgers', token: lapsed.token })).statusCode).toBe(200);

    const paying = await createUser(m, { membershipEnd: new Date(Date.now() + 86_400_000) });
    const ok = await m.request({
      method: 'PUT',
      url: `/api/ledgers/${paying.ledgerId}/name`,
      payload: { name: 'Otro' },
      token: paying.token,
    });
    expect(ok.statusCode).toBe(200);
  });
});
