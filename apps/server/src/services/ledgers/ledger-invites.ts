import { and, eq } from 'drizzle-orm';
import { messages, type InviteInfo, type Ledger, type LedgerInvite } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { ledgerMembers, ledgers, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import { membershipAllowsWrites, membershipInactive } from '../membership/membership-gate.ts';
import type { Actor } from './actor.ts';
import { newInviteCode } from './invite-code.ts';
import { ledgerOf } from './ledger-view.ts';

type Ctx = Pick<AppContext, 'db' | 'bus' | 'config'>;

const invalidInvite = () => new AppError('NOT_FOUND', messages.inviteInvalid);

/** The link is the site origin plus /join/{code} (packages/shared/src/constants.ts). */
export function inviteUrl(appUrl: string, code: string): string {
  return `${appUrl}/join/${encodeURIComponent(code)}`;
}

/** Owner only (docs/product.md#permissions). */
export async function getInvite(ctx: Ctx, actor: Actor, ledgerId: string): Promise<LedgerInvite> {
  const m = await loadMembership(ctx.db, ledgerId, actor.user.id);
  authorize(m, 'manage', actor.access);
  const [row] = await ctx.db.select({ inviteCode: ledgers.inviteCode }).from(ledgers).where(eq(ledgers.id, ledgerId));
  if (!row) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
  return { inviteCode: row.inviteCode, inviteUrl: inviteUrl(ctx.config.APP_URL, row.inviteCode) };
}

/** A new code: the old link stops working at once. */
export async function regenerateInvite(ctx: Ctx, actor: Actor, ledgerId: string): Promise<LedgerInvite> {
  const code = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    const inviteCode = newInviteCode();
    await tx.update(ledgers).set({ inviteCode }).where(eq(ledgers.id, ledgerId));
    // The codes themselves are credentials: the log says that it changed, not what it was.
    record({ ledgerId, userId: actor.user.id, action: 'INVITE_REGENERATED', entityId: ledgerId });
    return inviteCode;
  });
  return { inviteCode: code, inviteUrl: inviteUrl(ctx.config.APP_URL, code) };
}

async function ledgerByCode(ctx: Pick<AppContext, 'db'>, code: string) {
  const [row] = await ctx.db
    .select({ id: ledgers.id, name: ledgers.name, ownerName: users.userName, ownerEmail: users.email })
    .from(ledgers)
    .innerJoin(users, eq(users.id, ledgers.ownerId))
    .where(eq(ledgers.inviteCode, code))
    .limit(1);
  if (!row) throw invalidInvite();
  return row;
}

/** What the /join page shows before joining: any signed-in user holding the code may see it. */
export async function inviteInfo(ctx: Pick<AppContext, 'db'>, code: string): Promise<InviteInfo> {
  const row = await ledgerByCode(ctx, code);
  return { ledger: { id: row.id, name: row.name, owner: { user_name: row.ownerName, email: row.ownerEmail } } };
}

/**
 * Joins by code; joining a ledger one already belongs to changes nothing and answers the same.
 * Joining is a write (docs/product.md#memberships): without an active membership it answers MEMBERSHIP_INACTIVE,
 * except for a member, whose join changes nothing. A bad code answers 404 first: the link is
 * what the user needs to hear about.
 */
export async function joinLedger(ctx: Ctx, actor: Actor, code: string): Promise<Ledger> {
  const { id: ledgerId } = await ledgerByCode(ctx, code);
  if (!membershipAllowsWrites(actor.access)) {
    const [member] = await ctx.db
      .select({ userId: ledgerMembers.userId })
      .from(ledgerMembers)
      .where(and(eq(ledgerMembers.ledgerId, ledgerId), eq(ledgerMembers.userId, actor.user.id)))
      .limit(1);
    if (!member) throw membershipInactive();
  }
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    // The ledger may have been deleted since the code was looked up: hold it (KEY SHARE, which
    // conflicts only with its deletion) so the member and activity inserts cannot hit a missing
    // ledger (a foreign-key error, i.e. a 500) — a deletion already committed answers the 404.
    const [held] = await tx.select({ id: ledgers.id }).from(ledgers).where(eq(ledgers.id, ledgerId)).for('key share');
    if (!held) throw invalidInvite();
    const inserted = await tx
      .insert(ledgerMembers)
      .values({ ledgerId, userId: actor.user.id, canModifyBalance: false })
      .onConflictDoNothing()
      .returning({ userId: ledgerMembers.userId });
    if (inserted.length === 0) return;
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'MEMBER_JOINED',
      entityId: actor.user.id,
      after: { userId: actor.user.id, canModifyBalance: false },
    });
    emit({ event: 'ledger-updated', type: 'MEMBER_JOINED', ledgerId, byUserId: actor.user.id, userId: actor.user.id });
  });
  const ledger = await ledgerOf(ctx.db, actor.user.id, ledgerId);
  if (!ledger) throw invalidInvite(); // deleted between the two steps
  return ledger;
}
