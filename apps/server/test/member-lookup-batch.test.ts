import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemberLookupBatcher, type MemberLookupKey, type MemberLookupRow } from '../src/services/member-lookup-batch.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser } from './support/users.ts';

/**
 * docs/decisions/0022: concurrent lookups of (user, ledger, session) share one statement, and
 * each still gets exactly its own answer — a mix-up here would hand one caller another's
 * membership.
 */
describe('member lookups in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const sessionOf = async (userId: string) =>
    (await t.database.pool.query<{ id: string }>('select id from login_sessions where user_id = $1', [userId])).rows[0]!.id;

  it('answers each of many concurrent lookups as if it were alone, in few statements', async () => {
    const owner = await createUser(t, { name: 'Dueña' });
    const member = await createUser(t, { name: 'Socio' });
    const editor = await createUser(t, { name: 'Editora' });
    const inactive = await createUser(t, { name: 'Inactivo' });
    const revoked = await createUser(t, { name: 'Revocada' });
    await addMember(t, owner.ledgerId, member.id, false);
    await addMember(t, owner.ledgerId, editor.id, true);
    await t.database.pool.query('update users set is_active = false where id = $1', [inactive.id]);
    await t.database.pool.query('update login_sessions set revoked_at = now() where user_id = $1', [revoked.id]);
    const end = new Date('2027-01-31T12:00:00.000Z');
    await t.database.pool.query('update users set membership_end = $2 where id = $1', [editor.id, end]);
    const revision = Number(
      (
        await t.database.pool.query<{ r: string }>('select revision::text as r from ledger_revisions where ledger_id = $1', [
          owner.ledgerId,
        ])
      ).rows[0]!.r,
    );

    const sessions = new Map<string, string>();
    for (const u of [owner, member, editor, inactive, revoked]) sessions.set(u.id, await sessionOf(u.id));
    const key = (userId: string, ledgerId: string, sessionId = sessions.get(userId)!): MemberLookupKey => ({ userId, ledgerId, sessionId });
    const shared = { ledgerName: 'Mi Registro', ownerId: owner.id, revision };
    const account = (u: { id: string; email: string }, over: Partial<MemberLookupRow> = {}) => ({
      id: u.id,
      email: u.email,
      role: 'USER',
      isActive: true,
      emailVerified: true,
      membershipEnd: null,
      sessionId: sessions.get(u.id)!,
      ...over,
    });
    // A user's own personal ledger, untouched since createUser: revision 0.
    const ownLedger = (u: { id: string }) => ({
      ledgerName: 'Mi Registro',
      ownerId: u.id,
      revision: 0,
      canModifyBalance: true,
      soloLectura: false,
    });
    const noLedger = { ledgerId: null, ledgerName: null, ownerId: null, revision: null, canModifyBalance: null, soloLectura: null };
    const cases: Array<[string, MemberLookupKey, unknown]> = [
      [
        'the owner in her ledger',
        key(owner.id, owner.ledgerId),
        account(owner, { ledgerId: owner.ledgerId, ...shared, canModifyBalance: true, soloLectura: false }),
      ],
      [
        'a member without rights',
        key(member.id, owner.ledgerId),
        account(member, { ledgerId: owner.ledgerId, ...shared, canModifyBalance: false, soloLectura: false }),
      ],
      [
        'a member with rights and a membership end',
        key(editor.id, owner.ledgerId),
        account(editor, { membershipEnd: end, ledgerId: owner.ledgerId, ...shared, canModifyBalance: true, soloLectura: false }),
      ],
      ['the member in a ledger not theirs', key(member.id, editor.ledgerId), account(member, noLedger)],
      ['the owner in a ledger that does not exist', key(owner.id, randomUUID()), account(owner, noLedger)],
      [
        'an inactive account',
        key(inactive.id, inactive.ledgerId),
        account(inactive, { isActive: false, ledgerId: inactive.ledgerId, ...ownLedger(inactive) }),
      ],
      [
        'an ended session',
        key(revoked.id, revoked.ledgerId),
        account(revoked, { sessionId: null, ledgerId: revoked.ledgerId, ...ownLedger(revoked) }),
      ],
      [
        "another user's session",
        key(member.id, owner.ledgerId, sessions.get(owner.id)),
        account(member, { sessionId: null, ledgerId: owner.ledgerId, ...shared, canModifyBalance: false, soloLectura: false }),
      ],
      ['a user that does not exist', key(randomUUID(), owner.ledgerId, randomUUID()), undefined],
      ['a malformed id (fails closed, alone)', key('no-es-un-uuid', owner.ledgerId), undefined],
    ];
    const lookup = createMemberLookupBatcher(t.ctx.db);
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      // Twice over, all at once: 20 lookups, in any order.
      const all = [...cases, ...cases].reverse();
      const answers = await Promise.all(all.map(([, k]) => lookup(k)));
      all.forEach(([what, , expected], i) => expect(answers[i], what).toEqual(expected));
      // The first lookup goes out alone; the 17 valid others wait for it and share the next statement.
      expect(query.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      query.mockRestore();
    }
  });

  it('fails every lookup of a statement that fails, and serves the next ones', async () => {
    const u = await createUser(t);
    const sid = await sessionOf(u.id);
    const lookup = createMemberLookupBatcher(t.ctx.db);
    const query = vi.spyOn(t.database.pool, 'query').mockRejectedValueOnce(new Error('conexión perdida'));
    try {
      const first = await Promise.allSettled([lookup({ userId: u.id, ledgerId: u.ledgerId, sessionId: sid })]);
      expect(first[0]!.status).toBe('rejected');
      const again = await lookup({ userId: u.id, ledgerId: u.ledgerId, sessionId: sid });
      expect(again?.ledgerId).toBe(u.ledgerId);
    } finally {
      query.mockRestore();
    }
  });
});
