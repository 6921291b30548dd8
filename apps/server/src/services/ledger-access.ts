import { and, eq } from 'drizzle-orm';
import { messages } from '@arb/shared';
import { ledgerMembers, ledgers } from '../db/schema.ts';
import type { DbOrTx } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { assertMembershipAllowsWrites } from './membership/membership-gate.ts';

/**
 * The permission matrix of DESIGN §4, in one place. Every ledger, transaction and daily-balance
 * route loads the caller's membership once (one indexed query) and asks `authorize`.
 */
export type LedgerAction =
  | 'view' // ledger, transactions, balances, history, export, activity
  | 'addTransaction'
  | 'editTransaction' // edit / delete / verify: own always, others' with canModifyBalance or owner
  | 'setBalances'
  | 'rename'
  | 'manage' // invite link, permissions, expel, delete
  | 'reset'
  | 'leave';

export interface Membership {
  ledgerId: string;
  ledgerName: string;
  ownerId: string;
  userId: string;
  isOwner: boolean;
  canModifyBalance: boolean;
  /** The ledger's revision when the membership was read (see ledgerChange). */
  revision: number;
}

/** The caller's membership of a ledger; 404 when the ledger does not exist or they are not in it. */
export async function loadMembership(db: DbOrTx, ledgerId: string, userId: string): Promise<Membership> {
  const [row] = await db
    .select({
      id: ledgers.id,
      name: ledgers.name,
      ownerId: ledgers.ownerId,
      revision: ledgers.revision,
      canModifyBalance: ledgerMembers.canModifyBalance,
    })
    .from(ledgers)
    .innerJoin(ledgerMembers, and(eq(ledgerMembers.ledgerId, ledgers.id), eq(ledgerMembers.userId, userId)))
    .where(eq(ledgers.id, ledgerId))
    .limit(1);
  // Never reveal that a ledger exists to someone outside it (DESIGN §3).
  if (!row) throw new AppError(404, 'NOT_FOUND', messages.ledgerNotFound);
  const isOwner = row.ownerId === userId;
  return {
    ledgerId: row.id,
    ledgerName: row.name,
    ownerId: row.ownerId,
    userId,
    isOwner,
    canModifyBalance: isOwner || row.canModifyBalance,
    revision: row.revision,
  };
}

const WRITES: ReadonlySet<LedgerAction> = new Set(['addTransaction', 'editTransaction', 'setBalances', 'rename', 'manage', 'reset']);

export interface AuthorizeOptions {
  /** For editTransaction: who created the transaction (null when its author was deleted). */
  authorId?: string | null;
  /** DESIGN §4.6: when set, writes need an active membership (admins exempt). */
  membershipRequired?: boolean;
  user?: Pick<AuthUser, 'role' | 'membershipEnd'>;
  now?: Date;
}

/** Throws the right 400/403 for an action the member may not take; returns nothing otherwise. */
export function authorize(m: Membership, action: LedgerAction, opts: AuthorizeOptions = {}): void {
  if (WRITES.has(action)) assertMembershipAllowsWrites(opts);
  switch (action) {
    case 'view':
    case 'addTransaction':
    case 'rename':
      return;
    case 'editTransaction':
      if (opts.authorId === m.userId || m.canModifyBalance) return;
      throw new AppError(403, 'FORBIDDEN', messages.notYourTransaction);
    case 'setBalances':
      if (m.canModifyBalance) return;
      throw new AppError(403, 'FORBIDDEN', messages.balanceForbidden);
    case 'manage':
      if (m.isOwner) return;
      throw new AppError(403, 'FORBIDDEN', messages.ownerOnly);
    case 'reset':
      if (m.isOwner) return;
      throw new AppError(403, 'FORBIDDEN', messages.resetForbidden);
    case 'leave':
      if (!m.isOwner) return;
      throw new AppError(400, 'VALIDATION_ERROR', messages.ownerCannotLeave);
  }
}
