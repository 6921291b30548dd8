import { and, eq } from 'drizzle-orm';
import { memberPermission, messages, type LedgerAction as SharedLedgerAction } from '@arb/shared';
import { ledgerMembers, ledgerRevisions, ledgers } from '../db/schema.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { AppError, assertAllowed } from '../lib/errors.ts';
import { type AccountRow, type AuthUser } from './auth/account.ts';
import { createMemberLookupBatcher } from './member-lookup-batch.ts';

/**
 * The server's side of the permission module (packages/shared/src/permissions.ts, where the
 * matrix lives): every ledger, transaction and daily-balance call loads the caller's membership
 * once (one indexed query) and asks `authorize`, which asks the shared module.
 */
/**
 * The actions a service asks about. Reading (`view`) is not one: it needs only membership, which
 * `loadMembership` or the `member` guard already proved (404 outside the ledger), so asking again
 * would check nothing (docs/conventions.md "Routes").
 */
export type LedgerAction = Exclude<SharedLedgerAction, 'view'>;
export { accountColumns, type AccountRow } from './auth/account.ts';

export interface Membership {
  ledgerId: string;
  ledgerName: string;
  ownerId: string;
  userId: string;
  isOwner: boolean;
  canModifyBalance: boolean;
  /** A viewer member (docs/product.md "Permissions"): every write refused by `authorize`. */
  soloLectura: boolean;
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
      revision: ledgerRevisions.revision,
      canModifyBalance: ledgerMembers.canModifyBalance,
      soloLectura: ledgerMembers.soloLectura,
    })
    .from(ledgers)
    .innerJoin(ledgerMembers, and(eq(ledgerMembers.ledgerId, ledgers.id), eq(ledgerMembers.userId, userId)))
    .innerJoin(ledgerRevisions, eq(ledgerRevisions.ledgerId, ledgers.id))
    .where(eq(ledgers.id, ledgerId))
    .limit(1);
  // Never reveal that a ledger exists to someone outside it (docs/product.md "Permissions").
  if (!row) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
  return toMembership(userId, {
    ledgerId: row.id,
    ledgerName: row.name,
    ownerId: row.ownerId,
    revision: row.revision,
    canModifyBalance: row.canModifyBalance,
    soloLectura: row.soloLectura,
  });
}

/** The owner holds every right of a member with 'Modificar saldos' (docs/product.md "Permissions"). */
function toMembership(
  userId: string,
  row: { ledgerId: string; ledgerName: string; ownerId: string; revision: number; canModifyBalance: boolean; soloLectura: boolean },
): Membership {
  const isOwner = row.ownerId === userId;
  // The viewer flag wins over 'Modificar saldos' (docs/product.md "Permissions"); the owner is never one.
  const soloLectura = !isOwner && row.soloLectura;
  return { ...row, userId, isOwner, soloLectura, canModifyBalance: isOwner || (row.canModifyBalance && !soloLectura) };
}

const batchers = new WeakMap<Db, ReturnType<typeof createMemberLookupBatcher>>();

/**
 * The caller's account and their membership of one ledger in a single indexed query, for the
 * routes scoped to a ledger (the hottest: a day's balances, creating a transaction). Concurrent
 * lookups share one statement (member-lookup-batch.ts). `account` is undefined when the user no
 * longer exists; `membership` when they are not in the ledger (or it does not exist).
 */
export async function loadAccountAndMembership(
  db: Db,
  userId: string,
  ledgerId: string,
  sessionId: string,
): Promise<{ account: AccountRow | undefined; membership: Membership | undefined }> {
  let lookup = batchers.get(db);
  if (!lookup) batchers.set(db, (lookup = createMemberLookupBatcher(db)));
  const row = await lookup({ userId, ledgerId, sessionId });
  if (!row) return { account: undefined, membership: undefined };
  const account: AccountRow = {
    id: row.id,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    emailVerified: row.emailVerified,
    membershipEnd: row.membershipEnd,
    sessionLive: row.sessionId !== null,
  };
  if (row.ledgerId === null || row.ownerId === null || row.ledgerName === null || row.revision === null) {
    return { account, membership: undefined };
  }
  const { ledgerId: id, ledgerName, ownerId, revision } = row;
  return {
    account,
    membership: toMembership(userId, {
      ledgerId: id,
      ledgerName,
      ownerId,
      revision,
      canModifyBalance: row.canModifyBalance === true,
      soloLectura: row.soloLectura === true,
    }),
  };
}

export interface AuthorizeOptions {
  /** For editTransaction: who created the transaction (null when its author was deleted). */
  authorId?: string | null;
  /** For restore: who made the change being restored (null when their account was deleted). */
  changeAuthorId?: string | null;
  /** MEMBERSHIP_REQUIRED: when set, writes need an active membership (admins exempt). */
  membershipRequired?: boolean;
  user?: Pick<AuthUser, 'role' | 'membershipEnd'>;
  now?: Date;
}

/**
 * Throws the right 400/403 for an action the member may not take; returns nothing otherwise.
 * The rules are the shared module's; without `user` the membership gate is not applied.
 */
export function authorize(m: Membership, action: LedgerAction, opts: AuthorizeOptions = {}): void {
  const actor = { id: m.userId, role: opts.user?.role ?? 'USER', membershipEnd: opts.user?.membershipEnd ?? null };
  const rules = { membershipRequired: Boolean(opts.membershipRequired && opts.user), now: opts.now ?? new Date() };
  assertAllowed(memberPermission(actor, rules, m, action, { authorId: opts.authorId, changeAuthorId: opts.changeAuthorId }));
}
