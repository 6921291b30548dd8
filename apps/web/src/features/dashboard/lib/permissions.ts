import type { Ledger, TransactionRow } from '../api/types';

/** What the signed-in user may do in a ledger; the server enforces the same matrix (DESIGN §4). */
export interface LedgerPermissions {
  isOwner: boolean;
  /** Owner, or a member with 'Modificar saldos'. */
  canModifyBalance: boolean;
  /** Edit, delete or verify this transaction. */
  canChange(tx: TransactionRow): boolean;
}

export function ledgerPermissions(ledger: Ledger | undefined, userId: string | undefined): LedgerPermissions {
  const isOwner = Boolean(ledger && userId && ledger.ownerId === userId);
  const member = ledger?.members.find((m) => m.userId === userId);
  const canModifyBalance = isOwner || Boolean(member?.canModifyBalance);
  return {
    isOwner,
    canModifyBalance,
    canChange: (tx) => canModifyBalance || (tx.createdBy !== null && tx.createdBy.id === userId),
  };
}
