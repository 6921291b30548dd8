import { memberPermission, type Ledger, type LedgerAction, type LedgerFacts, type TransactionJson } from '@arb/shared';

/**
 * What the signed-in user may do in a ledger, to show or hide buttons. The rules are the shared
 * permission module's (packages/shared/src/permissions.ts), the very ones the server enforces.
 * The membership gate is left to the server here: a user without an active membership still sees
 * the buttons, gets the MEMBERSHIP_INACTIVE answer with its link to Mi Membresía, and the banner
 * explains why (features/membership/components/MembershipBanner.tsx).
 */
export interface LedgerPermissions {
  isOwner: boolean;
  /** Owner, or a member with 'Modificar saldos'. */
  canModifyBalance: boolean;
  /** Add transactions (and import): false for a viewer member ("Solo lectura"). */
  canWrite: boolean;
  /** Create accounts, movements and cuadres: the balance permission (docs/product.md#cuentas-y-movimientos). */
  canManageCuentas: boolean;
  /** A viewer member: reads everything, every write button hidden (docs/product.md "Permissions"). */
  soloLectura: boolean;
  /** Edit, delete or verify this transaction. */
  canChange(tx: Pick<TransactionJson, 'createdBy'>): boolean;
}

const NO_GATE = { membershipRequired: false, now: new Date(0) };

export function ledgerPermissions(ledger: Pick<Ledger, 'ownerId' | 'members'> | undefined, userId: string | undefined): LedgerPermissions {
  const member = ledger && userId ? ledger.members.find((m) => m.userId === userId) : undefined;
  const isOwner = Boolean(ledger && userId && ledger.ownerId === userId);
  const standing =
    isOwner || member
      ? { isOwner, canModifyBalance: Boolean(member?.canModifyBalance), soloLectura: !isOwner && Boolean(member?.soloLectura) }
      : null;
  const can = (action: LedgerAction, facts: LedgerFacts = {}) =>
    standing !== null &&
    userId !== undefined &&
    memberPermission({ id: userId, role: 'USER', membershipEnd: null }, NO_GATE, standing, action, facts).allowed;
  return {
    isOwner,
    canModifyBalance: can('setBalances'),
    canWrite: can('addTransaction'),
    canManageCuentas: can('manageCuentas'),
    soloLectura: Boolean(standing?.soloLectura),
    canChange: (tx) => can('editTransaction', { authorId: tx.createdBy?.id ?? null }),
  };
}
