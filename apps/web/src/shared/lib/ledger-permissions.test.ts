import { describe, expect, it } from 'vitest';
import { ledgerPermissions } from './ledger-permissions';

const ledger = {
  ownerId: 'owner',
  members: [
    { userId: 'owner', canModifyBalance: true },
    { userId: 'plain', canModifyBalance: false },
    { userId: 'trusted', canModifyBalance: true },
  ],
} as unknown as Parameters<typeof ledgerPermissions>[0];
const tx = (author: string | null) =>
  ({ createdBy: author === null ? null : { id: author } }) as Parameters<ReturnType<typeof ledgerPermissions>['canChange']>[0];

describe('ledgerPermissions: the web asks the shared permission module', () => {
  it.each([
    // user, isOwner, canModifyBalance, may change own, may change others', may change a deleted author's
    ['owner', true, true, true, true, true],
    ['trusted', false, true, true, true, true],
    ['plain', false, false, true, false, false],
    ['stranger', false, false, false, false, false],
  ] as const)('%s', (user, isOwner, canModifyBalance, own, others, orphan) => {
    const p = ledgerPermissions(ledger, user);
    expect(p.isOwner).toBe(isOwner);
    expect(p.canModifyBalance).toBe(canModifyBalance);
    expect(p.canChange(tx(user))).toBe(own);
    expect(p.canChange(tx('someone-else'))).toBe(others);
    expect(p.canChange(tx(null))).toBe(orphan);
  });

  it('allows nothing while the ledger or the user is not known yet', () => {
    expect(ledgerPermissions(undefined, 'owner')).toMatchObject({ isOwner: false, canModifyBalance: false });
    expect(ledgerPermissions(ledger, undefined).canChange(tx(null))).toBe(false);
  });
});

describe('canManageCuentas: the balance permission, never for a viewer', () => {
  const withViewer = {
    ownerId: 'owner',
    members: [
      { userId: 'owner', canModifyBalance: true, soloLectura: false },
      { userId: 'trusted', canModifyBalance: true, soloLectura: false },
      { userId: 'plain', canModifyBalance: false, soloLectura: false },
      // The server never stores both (a check constraint); the web still lets "Solo lectura" win.
      { userId: 'viewer', canModifyBalance: true, soloLectura: true },
    ],
  } as unknown as Parameters<typeof ledgerPermissions>[0];
  it.each([
    ['owner', true],
    ['trusted', true],
    ['plain', false],
    ['viewer', false],
    ['stranger', false],
  ] as const)('%s → %s', (user, allowed) => {
    expect(ledgerPermissions(withViewer, user).canManageCuentas).toBe(allowed);
  });
});
