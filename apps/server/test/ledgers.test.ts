import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InviteInfo, Ledger, LedgerInvite } from '@arb/shared';
import { activity, dailyBalances, ledgerDayTotals, ledgerMembers, transactions } from '../src/db/schema.ts';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

let t: TestApp;
const events: LedgerEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.bus.onLedger((e) => events.push(e));
});
afterAll(async () => t.close());

const list = async (u: TestUser) => (await t.request({ method: 'GET', url: '/api/ledgers', token: u.token })).json() as Ledger[];

async function newLedger(owner: TestUser, name = 'Grupo'): Promise<Ledger> {
  const res = await t.request({ method: 'POST', url: '/api/ledgers', payload: { name }, token: owner.token });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { ledger: Ledger }).ledger;
}

async function inviteOf(owner: TestUser, ledgerId: string): Promise<LedgerInvite> {
  const res = await t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/invite`, token: owner.token });
  expect(res.statusCode).toBe(200);
  return res.json() as LedgerInvite;
}

const join = (u: TestUser, inviteCode: string) =>
  t.request({ method: 'POST', url: '/api/ledgers/join', payload: { inviteCode }, token: u.token });

/** Setup straight into the tables: the transactions feature is not part of this issue. */
async function insertTransaction(ledgerId: string, fecha: string, createdBy: string) {
  await t.ctx.db.insert(transactions).values({ ledgerId, fecha, venta: '100.00', tasaVenta: '40.0000', bsRecibidos: '4000', createdBy });
}

const countWhere = async (
  table: typeof transactions | typeof dailyBalances | typeof activity | typeof ledgerMembers | typeof ledgerDayTotals,
  ledgerId: string,
) => {
  const [row] = await t.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.ledgerId, ledgerId));
  return row!.n;
};

describe('create, list and rename', () => {
  it('creates a ledger in the docs/api.md shape, owner as the first member, with its invite code', async () => {
    const ana = await createUser(t, { name: 'Ana', email: `ana-${Date.now()}@example.com` });
    const ledger = await newLedger(ana, '  Cambios de Ana  ');
    expect(ledger).toEqual({
      id: expect.any(String),
      name: 'Cambios de Ana',
      ownerId: ana.id,
      owner: { id: ana.id, user_name: 'Ana', email: ana.email },
      inviteCode: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      members: [{ userId: ana.id, canModifyBalance: true, soloLectura: false, user: { id: ana.id, user_name: 'Ana', email: ana.email } }],
      _count: { transactions: 0 },
      metodo_ganancia: 'por_operacion',
      // docs/product.md#socios-y-liquidacion: the default split rule.
      reparto: { metodo: 'capital' },
      createdAt: expect.any(String),
    });
    const mine = await list(ana);
    expect(mine.map((l) => l.name)).toEqual(['Mi Registro', 'Cambios de Ana']);
  });

  it('shows the invite code to the owner only, lists every member and counts transactions', async () => {
    const owner = await createUser(t, { name: 'Olga' });
    const bea = await createUser(t, { name: 'Bea' });
    await addMember(t, owner.ledgerId, bea.id, true);
    await insertTransaction(owner.ledgerId, '2026-11-20', owner.id);
    await insertTransaction(owner.ledgerId, '2026-11-21', bea.id);

    const asOwner = (await list(owner)).find((l) => l.id === owner.ledgerId)!;
    const asBea = (await list(bea)).find((l) => l.id === owner.ledgerId)!;
    expect(asOwner.inviteCode).toEqual(expect.any(String));
    expect(asBea.inviteCode).toBeNull();
    expect(asBea.members.map((m) => [m.user.user_name, m.canModifyBalance])).toEqual([
      ['Olga', true],
      ['Bea', true],
    ]);
    expect(asBea._count.transactions).toBe(2);
    expect(asBea.owner).toEqual({ id: owner.id, user_name: 'Olga', email: owner.email });
  });

  it('GET /api/ledgers costs the same number of queries for 1 ledger as for 6', async () => {
    const few = await createUser(t);
    const many = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const l = await newLedger(many, `L${i}`);
      await addMember(t, l.id, few.id);
    }
    const spy = vi.spyOn(t.database.pool, 'query');
    // Only the ledger queries count: background work (the mail outbox sender) shares the pool.
    const sqlOf = (args: unknown[]) => {
      const q = args[0] as string | { text?: string };
      return typeof q === 'string' ? q : (q.text ?? '');
    };
    try {
      const queriesFor = async (u: TestUser) => {
        spy.mockClear();
        const res = await t.request({ method: 'GET', url: '/api/ledgers', token: u.token });
        expect(res.statusCode).toBe(200);
        return spy.mock.calls.filter((c) => /"ledger(s|_members)"/.test(sqlOf(c))).length;
      };
      const lone = await createUser(t);
      expect(await queriesFor(lone)).toBe(2); // ledgers with owners and counts, then their members
      expect(await queriesFor(many)).toBe(2);
      expect(await queriesFor(few)).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('validates the name with docs/product.md#money messages', async () => {
    const u = await createUser(t);
    const blank = await t.request({ method: 'POST', url: '/api/ledgers', payload: { name: '   ' }, token: u.token });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('El nombre del registro es requerido');
    const missing = await t.request({ method: 'POST', url: '/api/ledgers', payload: {}, token: u.token });
    expect(missing.json().error).toBe('El nombre del registro es requerido');
    const long = await t.request({ method: 'POST', url: '/api/ledgers', payload: { name: 'x'.repeat(81) }, token: u.token });
    expect(long.statusCode).toBe(400);
    const rename = await t.request({ method: 'PUT', url: `/api/ledgers/${u.ledgerId}/name`, payload: { name: ' ' }, token: u.token });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error).toBe('El nombre del registro no puede estar vacío');
    const wrongType = await t.request({ method: 'PUT', url: `/api/ledgers/${u.ledgerId}/name`, payload: { name: 12 }, token: u.token });
    expect(wrongType.statusCode).toBe(400);
  });

  it('a member renames: the change is logged with before/after and announced after commit', async () => {
    const owner = await createUser(t);
    const carl = await createUser(t);
    await addMember(t, owner.ledgerId, carl.id);
    events.length = 0;
    const res = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${owner.ledgerId}/name`,
      payload: { name: 'Casa de cambio' },
      token: carl.token,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { ledger: Ledger }).ledger.name).toBe('Casa de cambio');
    expect(events).toEqual([{ event: 'ledger-updated', type: 'NAME_UPDATED', ledgerId: owner.ledgerId, byUserId: carl.id }]);
    const [log] = await t.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.ledgerId, owner.ledgerId), eq(activity.action, 'LEDGER_RENAMED')));
    expect(log).toMatchObject({ userId: carl.id, before: { name: 'Mi Registro' }, after: { name: 'Casa de cambio' } });
  });
});

describe('invites and joining', () => {
  it('the invite link is APP_URL + /join/{code}', async () => {
    const owner = await createUser(t);
    const invite = await inviteOf(owner, owner.ledgerId);
    expect(invite.inviteUrl).toBe(`http://localhost:3000/join/${invite.inviteCode}`);
    expect(invite.inviteCode).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  it('invite-info shows name and owner; an unknown code is a 404 with SPEC’s text', async () => {
    const owner = await createUser(t, { name: 'Dora' });
    const guest = await createUser(t);
    const { inviteCode } = await inviteOf(owner, owner.ledgerId);
    const info = await t.request({ method: 'GET', url: `/api/ledgers/invite-info/${inviteCode}`, token: guest.token });
    expect(info.statusCode).toBe(200);
    expect(info.json() as InviteInfo).toEqual({
      ledger: { id: owner.ledgerId, name: 'Mi Registro', owner: { user_name: 'Dora', email: owner.email } },
    });
    // Public: the login page names the ledger for a signed-out invitee (issue 25, docs/api.md).
    const signedOut = await t.request({ method: 'GET', url: `/api/ledgers/invite-info/${inviteCode}` });
    expect(signedOut.statusCode).toBe(200);
    expect((signedOut.json() as InviteInfo).ledger.name).toBe('Mi Registro');
    const bad = await t.request({ method: 'GET', url: '/api/ledgers/invite-info/no-existe-este-codigo', token: guest.token });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: 'Enlace de invitación inválido o expirado', code: 'NOT_FOUND' });
  });

  it('joining is idempotent: a second join changes nothing and answers the same ledger', async () => {
    const owner = await createUser(t);
    const eva = await createUser(t, { name: 'Eva' });
    const { inviteCode } = await inviteOf(owner, owner.ledgerId);
    events.length = 0;
    const first = await join(eva, inviteCode);
    expect(first.statusCode).toBe(200);
    const ledger = (first.json() as { ledger: Ledger }).ledger;
    expect(ledger.id).toBe(owner.ledgerId);
    expect(ledger.inviteCode).toBeNull();
    expect(ledger.members.map((m) => m.userId)).toEqual([owner.id, eva.id]);
    expect(ledger.members[1]!.canModifyBalance).toBe(false);

    const second = await join(eva, inviteCode);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { ledger: Ledger }).ledger).toEqual(ledger);
    expect(await countWhere(ledgerMembers, owner.ledgerId)).toBe(2);
    const joins = await t.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.ledgerId, owner.ledgerId), eq(activity.action, 'MEMBER_JOINED')));
    expect(joins).toHaveLength(1);
    expect(events.filter((e) => e.ledgerId === owner.ledgerId)).toHaveLength(1);

    // The owner joining their own ledger is a no-op too.
    expect((await join(owner, inviteCode)).statusCode).toBe(200);
    expect(await countWhere(ledgerMembers, owner.ledgerId)).toBe(2);
  });

  it('regenerating the code makes the old link invalid and the new one work', async () => {
    const owner = await createUser(t);
    const fran = await createUser(t);
    const old = await inviteOf(owner, owner.ledgerId);
    const res = await t.request({ method: 'POST', url: `/api/ledgers/${owner.ledgerId}/invite/regenerate`, token: owner.token });
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as LedgerInvite;
    expect(fresh.inviteCode).not.toBe(old.inviteCode);
    expect(fresh.inviteUrl).toBe(`http://localhost:3000/join/${fresh.inviteCode}`);
    expect(await inviteOf(owner, owner.ledgerId)).toEqual(fresh);

    const stale = await join(fran, old.inviteCode);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error).toBe('Enlace de invitación inválido o expirado');
    const staleInfo = await t.request({ method: 'GET', url: `/api/ledgers/invite-info/${old.inviteCode}`, token: fran.token });
    expect(staleInfo.statusCode).toBe(404);
    expect((await join(fran, fresh.inviteCode)).statusCode).toBe(200);
  });

  it('invite codes are distinct random values', async () => {
    const owner = await createUser(t);
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await t.request({ method: 'POST', url: `/api/ledgers/${owner.ledgerId}/invite/regenerate`, token: owner.token });
      codes.add((res.json() as LedgerInvite).inviteCode);
    }
    expect(codes.size).toBe(20);
    for (const c of codes) expect(Buffer.from(c, 'base64url').length).toBeGreaterThanOrEqual(9); // ≥ 72 bits
  });
});

describe('members: permissions, expel, leave', () => {
  it('the owner grants and revokes Modificar saldos; the event names the member', async () => {
    const owner = await createUser(t);
    const gabi = await createUser(t, { name: 'Gabi' });
    await addMember(t, owner.ledgerId, gabi.id);
    events.length = 0;
    const url = `/api/ledgers/${owner.ledgerId}/members/${gabi.id}/permissions`;
    const grant = await t.request({ method: 'PATCH', url, payload: { canModifyBalance: true }, token: owner.token });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toEqual({
      member: { userId: gabi.id, canModifyBalance: true, soloLectura: false, user: { id: gabi.id, user_name: 'Gabi', email: gabi.email } },
    });
    expect(events).toEqual([
      { event: 'member-permissions-updated', type: 'PERMISSIONS_UPDATED', ledgerId: owner.ledgerId, byUserId: owner.id, userId: gabi.id },
    ]);
    // Gabi can now do what canModifyBalance allows, and the owner can take it back.
    expect((await list(gabi)).find((l) => l.id === owner.ledgerId)!.members.find((m) => m.userId === gabi.id)!.canModifyBalance).toBe(true);
    const revoke = await t.request({ method: 'PATCH', url, payload: { canModifyBalance: false }, token: owner.token });
    expect(revoke.json().member.canModifyBalance).toBe(false);
    // The activity names the member, so the log can say whose permissions changed (issue 25).
    const { rows } = await t.database.pool.query(
      "select before, after from activity where ledger_id = $1 and action = 'MEMBER_PERMISSIONS_UPDATED' order by id",
      [owner.ledgerId],
    );
    const gabiUser = { id: gabi.id, user_name: 'Gabi', email: gabi.email };
    expect(rows).toEqual([
      {
        before: { canModifyBalance: false, soloLectura: false, user: gabiUser },
        after: { canModifyBalance: true, soloLectura: false, user: gabiUser },
      },
      {
        before: { canModifyBalance: true, soloLectura: false, user: gabiUser },
        after: { canModifyBalance: false, soloLectura: false, user: gabiUser },
      },
    ]);

    const bad = await t.request({ method: 'PATCH', url, payload: { canModifyBalance: 'sí' }, token: owner.token });
    expect(bad.statusCode).toBe(400);
    const ownerSelf = await t.request({
      method: 'PATCH',
      url: `/api/ledgers/${owner.ledgerId}/members/${owner.id}/permissions`,
      payload: { canModifyBalance: false },
      token: owner.token,
    });
    expect(ownerSelf.statusCode).toBe(400);
    const stranger = await createUser(t);
    const notMember = await t.request({
      method: 'PATCH',
      url: `/api/ledgers/${owner.ledgerId}/members/${stranger.id}/permissions`,
      payload: { canModifyBalance: true },
      token: owner.token,
    });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().error).toBe('Miembro no encontrado');
  });

  it('expelling removes the member (their transactions stay); the owner can never be expelled', async () => {
    const owner = await createUser(t);
    const hugo = await createUser(t);
    await addMember(t, owner.ledgerId, hugo.id);
    await insertTransaction(owner.ledgerId, '2026-11-20', hugo.id);
    events.length = 0;
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${owner.ledgerId}/members/${hugo.id}`, token: owner.token });
    expect(res.statusCode).toBe(204);
    expect(events).toEqual([
      { event: 'member-removed', type: 'MEMBER_REMOVED', ledgerId: owner.ledgerId, byUserId: owner.id, userId: hugo.id },
    ]);
    expect((await list(hugo)).map((l) => l.id)).not.toContain(owner.ledgerId);
    expect(await countWhere(transactions, owner.ledgerId)).toBe(1);
    // Once out, everything about the ledger is a 404 for them.
    const after = await t.request({ method: 'PUT', url: `/api/ledgers/${owner.ledgerId}/name`, payload: { name: 'x' }, token: hugo.token });
    expect(after.statusCode).toBe(404);

    const self = await t.request({ method: 'DELETE', url: `/api/ledgers/${owner.ledgerId}/members/${owner.id}`, token: owner.token });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('No se puede expulsar al propietario del registro');
    expect(await countWhere(ledgerMembers, owner.ledgerId)).toBe(1);
  });

  it('a member leaves; the owner cannot (400) and stays', async () => {
    const owner = await createUser(t);
    const ines = await createUser(t);
    await addMember(t, owner.ledgerId, ines.id, true);
    events.length = 0;
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${owner.ledgerId}/leave`, token: ines.token })).statusCode).toBe(204);
    expect(events).toEqual([
      { event: 'member-removed', type: 'MEMBER_LEFT', ledgerId: owner.ledgerId, byUserId: ines.id, userId: ines.id },
    ]);
    expect((await list(ines)).map((l) => l.id)).not.toContain(owner.ledgerId);

    const ownerLeave = await t.request({ method: 'DELETE', url: `/api/ledgers/${owner.ledgerId}/leave`, token: owner.token });
    expect(ownerLeave.statusCode).toBe(400);
    expect(ownerLeave.json().error).toBe('El propietario no puede salir del registro. Puedes eliminarlo.');
    expect((await list(owner)).map((l) => l.id)).toContain(owner.ledgerId);
  });
});

describe('delete and reset', () => {
  it('deleting a ledger removes its members, transactions, balances and activity, nothing else', async () => {
    const owner = await createUser(t);
    const juan = await createUser(t);
    const doomed = await newLedger(owner, 'Para borrar');
    await addMember(t, doomed.id, juan.id);
    await insertTransaction(doomed.id, '2026-11-20', owner.id);
    await insertTransaction(owner.ledgerId, '2026-11-20', owner.id); // another ledger: must survive
    await t.ctx.db.insert(dailyBalances).values({ ledgerId: doomed.id, fecha: '2026-11-20', saldoBaseVes: '1000', saldoBaseUsd: '50' });
    await t.request({ method: 'PUT', url: `/api/ledgers/${doomed.id}/name`, payload: { name: 'Renombrado' }, token: owner.token });
    expect(await countWhere(activity, doomed.id)).toBeGreaterThan(0);

    events.length = 0;
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${doomed.id}`, token: owner.token });
    expect(res.statusCode).toBe(204);
    expect(events).toEqual([{ event: 'ledger-updated', type: 'DELETED', ledgerId: doomed.id, byUserId: owner.id }]);
    for (const table of [transactions, ledgerDayTotals, dailyBalances, activity, ledgerMembers])
      expect(await countWhere(table, doomed.id)).toBe(0);
    expect(await countWhere(transactions, owner.ledgerId)).toBe(1);
    expect((await list(juan)).map((l) => l.id)).not.toContain(doomed.id);
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${doomed.id}`, token: owner.token })).statusCode).toBe(404);
  });

  it('reset deletes that day’s transactions and sets its base balances to 0/0, leaving other days alone', async () => {
    const owner = await createUser(t);
    const L = owner.ledgerId;
    await insertTransaction(L, '2026-11-20', owner.id);
    await insertTransaction(L, '2026-11-20', owner.id);
    await insertTransaction(L, '2026-11-21', owner.id);
    await t.ctx.db.insert(dailyBalances).values({ ledgerId: L, fecha: '2026-11-20', saldoBaseVes: '1000.50', saldoBaseUsd: '25.00' });
    events.length = 0;
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/reset`, payload: { fecha: '2026-11-20' }, token: owner.token });
    expect(res.statusCode).toBe(204);
    const left = await t.ctx.db.select({ fecha: transactions.fecha }).from(transactions).where(eq(transactions.ledgerId, L));
    expect(left).toEqual([{ fecha: '2026-11-21' }]);
    const totals = await t.ctx.db
      .select({ fecha: ledgerDayTotals.fecha, n: ledgerDayTotals.transactionCount })
      .from(ledgerDayTotals)
      .where(eq(ledgerDayTotals.ledgerId, L));
    expect(totals).toEqual([{ fecha: '2026-11-21', n: 1 }]);
    const listed = (await list(owner)).find((l) => l.id === L)!;
    expect(listed._count.transactions).toBe(1);
    const [balance] = await t.ctx.db
      .select()
      .from(dailyBalances)
      .where(and(eq(dailyBalances.ledgerId, L), eq(dailyBalances.fecha, '2026-11-20')));
    expect([balance!.saldoBaseVes, balance!.saldoBaseUsd]).toEqual(['0.00', '0.00']);
    expect(events).toEqual([{ event: 'transaction-updated', type: 'RESET', ledgerId: L, fecha: '2026-11-20', byUserId: owner.id }]);
    const [log] = await t.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.ledgerId, L), eq(activity.action, 'LEDGER_DAY_RESET')));
    expect(log!.fecha).toBe('2026-11-20');
    expect((log!.before as { transactions: unknown[]; saldo_base_ves: string }).transactions).toHaveLength(2);
    expect((log!.before as { saldo_base_ves: string }).saldo_base_ves).toBe('1000.50');

    // A day without a stored balance gets an explicit 0/0 row.
    await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/reset`, payload: { fecha: '2026-11-21' }, token: owner.token });
    const [created] = await t.ctx.db
      .select()
      .from(dailyBalances)
      .where(and(eq(dailyBalances.ledgerId, L), eq(dailyBalances.fecha, '2026-11-21')));
    expect(created).toMatchObject({ saldoBaseVes: '0.00', saldoBaseUsd: '0.00', updatedBy: owner.id });

    const badDate = await t.request({
      method: 'DELETE',
      url: `/api/ledgers/${L}/reset`,
      payload: { fecha: '2026-02-30' },
      token: owner.token,
    });
    expect(badDate.statusCode).toBe(400);
  });

  it('reset is one database transaction: when setting the balance fails, no transaction is deleted', async () => {
    const owner = await createUser(t);
    const L = owner.ledgerId;
    await insertTransaction(L, '2026-11-19', owner.id);
    // Make the balance upsert fail for this ledger only, after the delete has run.
    await t.database.pool.query(`
      create or replace function fail_balance() returns trigger language plpgsql as $$
      begin if new.ledger_id = '${L}' then raise exception 'simulated failure'; end if; return new; end $$;
      create trigger fail_balance before insert or update on daily_balances for each row execute function fail_balance();`);
    try {
      events.length = 0;
      const res = await t.request({
        method: 'DELETE',
        url: `/api/ledgers/${L}/reset`,
        payload: { fecha: '2026-11-19' },
        token: owner.token,
      });
      expect(res.statusCode).toBe(500);
      expect(await countWhere(transactions, L)).toBe(1);
      expect(await countWhere(activity, L)).toBe(0);
      expect(events).toEqual([]); // nothing announced for a rolled-back change
    } finally {
      await t.database.pool.query('drop trigger fail_balance on daily_balances; drop function fail_balance();');
    }
  });
});

describe('API document', () => {
  it('describes every ledger route with its body', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(Object.keys(doc.paths['/api/ledgers']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/ledgers/{id}/reset']!.delete!.requestBody).toBeDefined();
    for (const path of [
      '/api/ledgers/{id}/name',
      '/api/ledgers/{id}/invite',
      '/api/ledgers/{id}/invite/regenerate',
      '/api/ledgers/invite-info/{code}',
      '/api/ledgers/join',
      '/api/ledgers/{id}/members/{userId}/permissions',
      '/api/ledgers/{id}/members/{userId}',
      '/api/ledgers/{id}/leave',
      '/api/ledgers/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
