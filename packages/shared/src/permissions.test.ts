import { describe, expect, it } from 'vitest';
import { errorStatus } from './errors.ts';
import { messages } from './messages.ts';
import {
  adminPermission,
  createLedgerPermission,
  joinLedgerPermission,
  ledgerPermission,
  type LedgerAction,
  type LedgerStanding,
  type Permission,
  type PermissionActor,
  type PermissionRules,
} from './permissions.ts';

const now = new Date('2026-11-22T12:00:00Z');
const rules: PermissionRules = { requireEmailVerification: true, membershipRequired: true, now };
const future = new Date('2026-12-22T12:00:00Z');
const past = new Date('2026-11-01T12:00:00Z');

const account = (over: Partial<PermissionActor> = {}): PermissionActor => ({
  id: 'me',
  role: 'USER',
  isActive: true,
  emailVerified: true,
  membershipEnd: future,
  ...over,
});
const plain: LedgerStanding = { isOwner: false, canModifyBalance: false, soloLectura: false };

/** Each role of the table: the account that asks and its place in the ledger. */
const ROLES: Record<string, { actor: PermissionActor; standing: LedgerStanding | null }> = {
  nonMember: { actor: account(), standing: null },
  member: { actor: account(), standing: plain },
  memberCanModify: { actor: account(), standing: { isOwner: false, canModifyBalance: true, soloLectura: false } },
  owner: { actor: account(), standing: { isOwner: true, canModifyBalance: false, soloLectura: false } },
  // A plain member with the ADMIN role and no membership at all: the gate does not apply to them,
  // the matrix does.
  admin: { actor: account({ role: 'ADMIN', membershipEnd: null }), standing: plain },
  adminNonMember: { actor: account({ role: 'ADMIN' }), standing: null },
  deactivated: { actor: account({ isActive: false }), standing: { isOwner: true, canModifyBalance: true, soloLectura: false } },
  unverified: { actor: account({ emailVerified: false }), standing: { isOwner: true, canModifyBalance: true, soloLectura: false } },
  // An owner whose membership ended: may read, may not write.
  membershipInactive: { actor: account({ membershipEnd: past }), standing: { isOwner: true, canModifyBalance: true, soloLectura: false } },
  // A viewer ("Solo lectura") reads and may leave, nothing else; the flag wins over a stray canModifyBalance.
  viewer: { actor: account(), standing: { isOwner: false, canModifyBalance: true, soloLectura: true } },
};
type RoleName = keyof typeof ROLES;

/** A row: the action, the transaction's author for edits (the change's author for restores), and the answer per role ('ok' or the code). */
type Row = [label: string, action: LedgerAction, authorId: string | undefined, expected: Record<RoleName, string>];
const ok = 'ok';
const NF = 'NOT_FOUND';
const FB = 'FORBIDDEN';
const MI = 'MEMBERSHIP_INACTIVE';
const AD = 'ACCOUNT_DISABLED';
const EV = 'EMAIL_NOT_VERIFIED';
const VE = 'VALIDATION_ERROR';
const SL = 'SOLO_LECTURA';

// prettier-ignore
const MATRIX: Row[] = [
  //                                                      nonMember member memberCanModify owner admin adminNonMember deactivated unverified membershipInactive viewer
  ['see ledger, transactions, balances', 'view', undefined, { nonMember: NF, member: ok, memberCanModify: ok, owner: ok, admin: ok, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: ok, viewer: ok }],
  ['add a transaction', 'addTransaction', undefined, { nonMember: NF, member: ok, memberCanModify: ok, owner: ok, admin: ok, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['edit own transaction', 'editTransaction', 'me', { nonMember: NF, member: ok, memberCanModify: ok, owner: ok, admin: ok, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ["edit others' transaction", 'editTransaction', 'someone-else', { nonMember: NF, member: FB, memberCanModify: ok, owner: ok, admin: FB, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['edit a deleted author’s transaction', 'editTransaction', undefined, { nonMember: NF, member: FB, memberCanModify: ok, owner: ok, admin: FB, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['set base balances', 'setBalances', undefined, { nonMember: NF, member: FB, memberCanModify: ok, owner: ok, admin: FB, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['accounts, movements, cuadres', 'manageCuentas', undefined, { nonMember: NF, member: FB, memberCanModify: ok, owner: ok, admin: FB, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['rename', 'rename', undefined, { nonMember: NF, member: ok, memberCanModify: ok, owner: ok, admin: ok, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['invite, permissions, expel, delete', 'manage', undefined, { nonMember: NF, member: FB, memberCanModify: FB, owner: ok, admin: FB, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['reset a day', 'reset', undefined, { nonMember: NF, member: FB, memberCanModify: FB, owner: ok, admin: FB, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['restore one’s own change', 'restore', 'me', { nonMember: NF, member: ok, memberCanModify: ok, owner: ok, admin: ok, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ["restore another's change", 'restore', 'someone-else', { nonMember: NF, member: FB, memberCanModify: FB, owner: ok, admin: FB, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: MI, viewer: SL }],
  ['leave', 'leave', undefined, { nonMember: NF, member: ok, memberCanModify: ok, owner: VE, admin: ok, adminNonMember: NF, deactivated: AD, unverified: EV, membershipInactive: VE, viewer: ok }],
];

const answer = (p: Permission) => (p.allowed ? ok : p.code);

describe('ledgerPermission: every action × role (docs/product.md "Permissions")', () => {
  const cases = MATRIX.flatMap(([label, action, authorId, expected]) =>
    Object.entries(expected).map(([role, code]) => [label, role, action, authorId, code] as const),
  );
  it('covers every role in every row', () => {
    for (const [, , , expected] of MATRIX) expect(Object.keys(expected).sort()).toEqual(Object.keys(ROLES).sort());
  });
  it.each(cases)('%s as %s → %s', (_label, role, action, authorId, code) => {
    const { actor, standing } = ROLES[role]!;
    expect(
      answer(
        ledgerPermission(
          actor,
          rules,
          standing,
          action as LedgerAction,
          authorId === undefined ? { authorId: null } : { authorId, changeAuthorId: authorId },
        ),
      ),
    ).toBe(code);
  });

  it('lets every member write when memberships are not required', () => {
    const off = { ...rules, membershipRequired: false };
    const { actor, standing } = ROLES.membershipInactive!;
    expect(answer(ledgerPermission(actor, off, standing, 'setBalances'))).toBe(ok);
  });
  it('lets an unverified account in when verification is not required', () => {
    const { actor, standing } = ROLES.unverified!;
    expect(answer(ledgerPermission(actor, { ...rules, requireEmailVerification: false }, standing, 'view'))).toBe(ok);
  });
  it('refuses a missing account (deleted user) with UNAUTHORIZED', () => {
    expect(answer(ledgerPermission(undefined, rules, plain, 'view'))).toBe('UNAUTHORIZED');
  });
  it('names a Spanish message whose status comes from the error table', () => {
    const p = ledgerPermission(account(), rules, plain, 'setBalances');
    expect(p).toEqual({ allowed: false, code: 'FORBIDDEN', message: 'balanceForbidden' });
    if (!p.allowed) {
      expect(errorStatus(p.code)).toBe(403);
      expect(messages[p.message]).toBe('No tienes permiso para modificar los saldos base');
    }
  });
});

describe('viewer members ("Solo lectura")', () => {
  it('refuses a write with SOLO_LECTURA (403) and a Spanish message, before the membership gate', () => {
    const viewer: LedgerStanding = { isOwner: false, canModifyBalance: false, soloLectura: true };
    const p = ledgerPermission(account({ membershipEnd: past }), rules, viewer, 'addTransaction');
    expect(p).toEqual({ allowed: false, code: 'SOLO_LECTURA', message: 'soloLectura' });
    expect(errorStatus('SOLO_LECTURA')).toBe(403);
    expect(messages.soloLectura).toMatch(/solo lectura/);
  });
});

describe('creating and joining a ledger (the two exceptions to the membership gate)', () => {
  const inactive = account({ membershipEnd: past });
  it.each([
    ['active membership, already in ledgers', account(), true, ok],
    ['inactive membership, in no ledger yet: the personal ledger', inactive, false, ok],
    ['inactive membership, already in a ledger', inactive, true, MI],
    ['admin without membership', account({ role: 'ADMIN', membershipEnd: null }), true, ok],
    ['deactivated', account({ isActive: false }), false, AD],
  ] as const)('create: %s → %s', (_name, actor, memberOfAny, code) => {
    expect(answer(createLedgerPermission(actor, rules, memberOfAny))).toBe(code);
  });
  it.each([
    ['active membership', account(), false, ok],
    ['inactive membership, new to the ledger', inactive, false, MI],
    ['inactive membership, already a member: nothing changes', inactive, true, ok],
    ['unverified', account({ emailVerified: false }), false, EV],
  ] as const)('join: %s → %s', (_name, actor, already, code) => {
    expect(answer(joinLedgerPermission(actor, rules, already))).toBe(code);
  });
});

describe('adminPermission: the ADMIN role and the self-rules', () => {
  const admin = account({ id: 'boss', role: 'ADMIN' });
  it.each([
    ['a user lists users', account(), 'listUsers', undefined, FB],
    ['an admin lists users', admin, 'listUsers', undefined, ok],
    ['a deactivated admin', account({ role: 'ADMIN', isActive: false }), 'listUsers', undefined, AD],
    ['an admin deactivates someone', admin, 'deactivate', 'other', ok],
    ['an admin deactivates themselves', admin, 'deactivate', 'boss', VE],
    ['an admin changes their own role', admin, 'setRole', 'boss', VE],
    ['an admin deletes themselves', admin, 'deleteUser', 'boss', VE],
    ['an admin changes their own email (issue 17: it would lock them out)', admin, 'setEmail', 'boss', VE],
    ['an admin changes someone else’s email', admin, 'setEmail', 'other', ok],
    ['an admin activates themselves (harmless)', admin, 'activate', 'boss', ok],
    ['an admin sets their own membership', admin, 'setMembership', 'boss', ok],
  ] as const)('%s → %s', (_name, actor, action, target, code) => {
    expect(answer(adminPermission(actor, rules, action, target))).toBe(code);
  });
});
