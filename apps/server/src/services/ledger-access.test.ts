import { describe, expect, expectTypeOf, it } from 'vitest';
import { authorize, type LedgerAction, type Membership } from './ledger-access.ts';

const owner: Membership = {
  ledgerId: 'l',
  ledgerName: 'L',
  ownerId: 'o',
  userId: 'o',
  isOwner: true,
  canModifyBalance: true,
  soloLectura: false,
  revision: 0,
};
const member: Membership = { ...owner, userId: 'm', isOwner: false, canModifyBalance: false };
const trusted: Membership = { ...member, userId: 't', canModifyBalance: true };

const outcome = (m: Membership, action: LedgerAction, authorId?: string) => {
  try {
    authorize(m, action, { authorId: authorId ?? null });
    return 'ok';
  } catch (err) {
    return (err as { status: number }).status;
  }
};

describe('docs/product.md#permissions permission matrix', () => {
  it.each<[LedgerAction, string | undefined, unknown, unknown, unknown]>([
    // action, author of the transaction, member, member with canModifyBalance, owner
    ['addTransaction', undefined, 'ok', 'ok', 'ok'],
    ['editTransaction', 'm', 'ok', 'ok', 'ok'], // the member's own transaction
    ['editTransaction', 'x', 403, 'ok', 'ok'], // someone else's
    ['setBalances', undefined, 403, 'ok', 'ok'],
    ['rename', undefined, 'ok', 'ok', 'ok'],
    ['manage', undefined, 403, 403, 'ok'],
    ['reset', undefined, 403, 403, 'ok'],
    ['leave', undefined, 'ok', 'ok', 400],
  ])('%s (author %s): member %s, trusted %s, owner %s', (action, author, m, t, o) => {
    expect(outcome(member, action, author)).toBe(m);
    expect(outcome(trusted, action, author)).toBe(t);
    expect(outcome(owner, action, author)).toBe(o);
  });

  it('reset by a non-owner answers SPEC’s text', () => {
    expect(() => authorize(member, 'reset')).toThrow('Solo el propietario del grupo puede resetear el registro');
  });

  it('MEMBERSHIP_REQUIRED refuses writes without an active membership; admins are exempt', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const expired = { role: 'USER' as const, membershipEnd: new Date('2026-11-01T00:00:00Z') };
    const opts = { membershipRequired: true, user: expired, now };
    expect(() => authorize(owner, 'addTransaction', opts)).toThrow(/membresía no está activa/);
    expect(() => authorize(owner, 'addTransaction', { ...opts, user: { role: 'ADMIN', membershipEnd: null } })).not.toThrow();
    expect(() =>
      authorize(owner, 'addTransaction', { ...opts, user: { role: 'USER', membershipEnd: new Date('2026-12-01') } }),
    ).not.toThrow();
  });

  it('asks nothing about reads: membership alone is the check (docs/conventions.md "Routes")', () => {
    // Checked by the type checker (`tsc -p apps/server`): `authorize(m, 'view')` would allow every member.
    expectTypeOf<'view'>().not.toExtend<LedgerAction>();
    expectTypeOf<'addTransaction'>().toExtend<LedgerAction>();
  });
});
