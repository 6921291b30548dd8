import { ledgerChange, touchLedgersOf } from '../ledger-change.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { adminSelfPermission, messages, t, type AdminAction, type AdminUser, type Role } from '@arb/shared';
import { ledgerMembers, ledgers, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/database.ts';
import { AppError, assertAllowed } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/ledger-events.ts';
import { lockLedgerConSocios } from '../ledgers/ledger-partners.ts';
import { adminUserById } from './admin-users-query.ts';
import { queueVerification } from '../auth/send-verification.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { emailChangedEmail } from '../mail/email-changed-email.ts';
import { notifyOutbox, queueEmail } from '../mail/queue-email.ts';

export interface AdminDeps {
  db: Db;
  bus: EventBus;
  now: () => Date;
  appUrl: string;
  /** APP_TIMEZONE: days remaining are calendar days there. */
  timeZone: string;
}

const userNotFound = () => new AppError('NOT_FOUND', messages.userNotFound);
/** The administrators' self-rules live in the shared permission module. */
const refuseSelf = (adminId: string, userId: string, action: AdminAction) => assertAllowed(adminSelfPermission(adminId, action, userId));

async function answer(deps: AdminDeps, id: string): Promise<AdminUser> {
  const user = await adminUserById(deps.db, id, deps.now(), deps.timeZone);
  if (!user) throw userNotFound();
  return user;
}

/** Activation, or deactivation: every session revoked and the user's sockets told to go (docs/api.md). */
export async function setActive(deps: AdminDeps, adminId: string, userId: string, active: boolean): Promise<AdminUser> {
  if (!active) refuseSelf(adminId, userId, 'deactivate');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ isActive: active, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw userNotFound();
    if (!active) {
      await revokeAllSessions(tx, userId);
    }
  });
  if (!active) deps.bus.publishUser({ kind: 'user-deactivated', userId });
  return answer(deps, userId);
}

export async function setRole(deps: AdminDeps, adminId: string, userId: string, role: Role): Promise<AdminUser> {
  refuseSelf(adminId, userId, 'setRole');
  const updated = await deps.db.update(users).set({ role, updatedAt: deps.now() }).where(eq(users.id, userId)).returning({ id: users.id });
  if (updated.length === 0) throw userNotFound();
  deps.bus.publishUser({ kind: 'user-changed', userId });
  return answer(deps, userId);
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * New address: must be free (409), is unverified until the user opens the mailed link; the old one
 * is told. Never the admin's own: it would become unverified and lock them out (issue 17), like
 * the other self-rules.
 */
export async function setEmail(deps: AdminDeps, adminId: string, userId: string, email: string): Promise<AdminUser> {
  refuseSelf(adminId, userId, 'setEmail');
  const now = deps.now();
  let changed = false;
  try {
    await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
      if (!current) throw userNotFound();
      if (current.email === email) return; // unchanged: nothing to verify again
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
        .limit(1);
      if (taken.length > 0) throw new AppError('EMAIL_TAKEN', messages.emailTaken);
      await tx.update(users).set({ email, emailVerified: false, updatedAt: now }).where(eq(users.id, userId));
      await queueVerification(tx, { user: { id: userId, email, user_name: current.userName }, appUrl: deps.appUrl, now });
      await queueEmail(tx, emailChangedEmail({ oldEmail: current.email, newEmail: email, user_name: current.userName }, deps.appUrl));
      changed = true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', messages.emailTaken);
    throw err;
  }
  notifyOutbox();
  if (changed) deps.bus.publishUser({ kind: 'user-changed', userId });
  return answer(deps, userId);
}

/** Sets (or with null clears) the membership end; a new period after none or an expired one starts now. */
export async function setMembershipEnd(deps: AdminDeps, userId: string, end: Date | null): Promise<AdminUser> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!current) throw userNotFound();
    const wasActive = current.membershipEnd !== null && current.membershipEnd > now;
    const membershipStart = end === null ? null : wasActive && current.membershipStart ? current.membershipStart : now;
    await tx.update(users).set({ membershipEnd: end, membershipStart, updatedAt: now }).where(eq(users.id, userId));
  });
  return answer(deps, userId);
}

/**
 * Deletes a user and the ledgers they own (with those ledgers' transactions, members and
 * balances, by cascade). Their transactions in other people's ledgers stay, with `created_by`
 * set to null by the foreign key, and are shown as 'Usuario eliminado'. In the ledgers where they
 * were a member, the removal is a change like an expulsion (issue 17): a MEMBER_REMOVED activity
 * by the admin and a `member-removed` event, through the one change path.
 */
/**
 * DESIGN §28 "Former partners": deleting the owner would delete, by cascade, a ledger that other
 * members keep their partnership in (accounts, aportes, retiros). While any ledger they own has
 * another member and any account or movement, the deletion is refused with 409 LEDGER_CON_SOCIOS
 * naming that ledger, until the owner hands it over (PUT /api/ledgers/:id/owner). Checked inside
 * the deletion's transaction, after the user row and then those ledgers are locked, so a ledger
 * handed over meanwhile counts and an account created meanwhile cannot be lost (ledger-partners.ts).
 */
async function refuseSharedLedgers(tx: Tx, userId: string): Promise<void> {
  const ledger = await lockLedgerConSocios(tx, { ownerId: userId });
  if (ledger !== undefined) throw new AppError('LEDGER_CON_SOCIOS', t('ledgerConSocios', { ledger }));
}

export async function deleteUser(deps: AdminDeps, adminId: string, userId: string): Promise<void> {
  refuseSelf(adminId, userId, 'deleteUser');
  const owned = await ledgerChange(deps.db, deps.bus, async ({ tx, record, emit }) => {
    const [target] = await tx
      .select({ id: users.id, userName: users.userName, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    if (!target) throw userNotFound();
    const memberships = await tx
      .select({ ledgerId: ledgerMembers.ledgerId, canModifyBalance: ledgerMembers.canModifyBalance })
      .from(ledgerMembers)
      .innerJoin(ledgers, eq(ledgers.id, ledgerMembers.ledgerId))
      .where(and(eq(ledgerMembers.userId, userId), ne(ledgers.ownerId, userId)));
    for (const m of memberships) {
      const before = {
        userId,
        canModifyBalance: m.canModifyBalance,
        user: { id: userId, user_name: target.userName, email: target.email },
      };
      record({ ledgerId: m.ledgerId, userId: adminId, action: 'MEMBER_REMOVED', entityId: userId, before });
      emit({ event: 'member-removed', type: 'MEMBER_REMOVED', ledgerId: m.ledgerId, byUserId: adminId, userId });
    }
    await refuseSharedLedgers(tx, userId);
    const own = await tx.select({ id: ledgers.id }).from(ledgers).where(eq(ledgers.ownerId, userId));
    if (own.length > 0)
      await tx.delete(ledgers).where(
        inArray(
          ledgers.id,
          own.map((l) => l.id),
        ),
      );
    await touchLedgersOf(tx, userId); // their rows elsewhere now read 'Usuario eliminado'
    await tx.delete(users).where(eq(users.id, userId));
    return own;
  });
  deps.bus.publishUser({ kind: 'user-deleted', userId });
  for (const l of owned) deps.bus.publishLedger({ event: 'ledger-updated', ledgerId: l.id, type: 'DELETED', byUserId: adminId });
}
