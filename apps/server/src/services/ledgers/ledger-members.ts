import { and, eq } from 'drizzle-orm';
import { messages, type LedgerMember, type MemberPermissionsInput } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { ledgerMembers, ledgers, users } from '../../db/schema.ts';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from './actor.ts';
import { newInviteCode } from './invite-code.ts';

type Ctx = Pick<AppContext, 'db' | 'bus'>;

async function memberOf(tx: Tx, ledgerId: string, userId: string): Promise<LedgerMember> {
  const [row] = await tx
    .select({
      userId: ledgerMembers.userId,
      canModifyBalance: ledgerMembers.canModifyBalance,
      soloLectura: ledgerMembers.soloLectura,
      userName: users.userName,
      email: users.email,
    })
    .from(ledgerMembers)
    .innerJoin(users, eq(users.id, ledgerMembers.userId))
    .where(and(eq(ledgerMembers.ledgerId, ledgerId), eq(ledgerMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.memberNotFound);
  return {
    userId: row.userId,
    canModifyBalance: row.canModifyBalance,
    soloLectura: row.soloLectura,
    user: { id: row.userId, user_name: row.userName, email: row.email },
  };
}

/**
 * Owner only; the owner's own permissions are fixed (always every right). A viewer ("Solo lectura",
 * docs/product.md "Permissions") wins over 'Modificar saldos': making one clears it, and giving
 * 'Modificar saldos' to a viewer is refused until the viewer flag is cleared.
 */
export async function setMemberPermissions(
  ctx: Ctx,
  actor: Actor,
  ledgerId: string,
  userId: string,
  change: MemberPermissionsInput,
): Promise<LedgerMember> {
  return ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    const member = await memberOf(tx, ledgerId, userId);
    if (userId === m.ownerId) throw new AppError('VALIDATION_ERROR', messages.ownerPermissionsFixed);
    const soloLectura = change.soloLectura ?? member.soloLectura;
    if (soloLectura && change.canModifyBalance === true) throw new AppError('VALIDATION_ERROR', messages.soloLecturaExclusive);
    const canModifyBalance = soloLectura ? false : (change.canModifyBalance ?? member.canModifyBalance);
    if (member.canModifyBalance === canModifyBalance && member.soloLectura === soloLectura) return member;
    await tx
      .update(ledgerMembers)
      .set({ canModifyBalance, soloLectura })
      .where(and(eq(ledgerMembers.ledgerId, ledgerId), eq(ledgerMembers.userId, userId)));
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'MEMBER_PERMISSIONS_UPDATED',
      entityId: userId,
      // The member's name rides along so the log can say whose permissions changed (issue 25).
      before: { canModifyBalance: member.canModifyBalance, soloLectura: member.soloLectura, user: member.user },
      after: { canModifyBalance, soloLectura, user: member.user },
    });
    emit({ event: 'member-permissions-updated', type: 'PERMISSIONS_UPDATED', ledgerId, byUserId: actor.user.id, userId });
    return { ...member, canModifyBalance, soloLectura };
  });
}

async function removeMember(tx: Tx, ledgerId: string, userId: string): Promise<void> {
  await tx.delete(ledgerMembers).where(and(eq(ledgerMembers.ledgerId, ledgerId), eq(ledgerMembers.userId, userId)));
}

/**
 * Owner only; never the owner. The expelled user's transactions stay in the ledger. The invite
 * code is rotated in the same transaction (docs/product.md#account-security): the expelled member may still hold the old
 * link, which now answers 404.
 */
export async function expelMember(ctx: Ctx, actor: Actor, ledgerId: string, userId: string): Promise<void> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    if (userId === m.ownerId) throw new AppError('VALIDATION_ERROR', messages.ownerCannotBeExpelled);
    const member = await memberOf(tx, ledgerId, userId);
    await removeMember(tx, ledgerId, userId);
    await tx.update(ledgers).set({ inviteCode: newInviteCode() }).where(eq(ledgers.id, ledgerId));
    record({ ledgerId, userId: actor.user.id, action: 'MEMBER_REMOVED', entityId: userId, before: member });
    emit({ event: 'member-removed', type: 'MEMBER_REMOVED', ledgerId, byUserId: actor.user.id, userId });
  });
}

/** Members leave; the owner gets a 400 (they may delete the ledger instead). */
export async function leaveLedger(ctx: Ctx, actor: Actor, ledgerId: string): Promise<void> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'leave', actor.access);
    await removeMember(tx, ledgerId, actor.user.id);
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'MEMBER_LEFT',
      entityId: actor.user.id,
      before: { userId: actor.user.id, canModifyBalance: m.canModifyBalance },
    });
    emit({ event: 'member-removed', type: 'MEMBER_LEFT', ledgerId, byUserId: actor.user.id, userId: actor.user.id });
  });
}
