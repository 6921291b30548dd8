import { and, eq } from 'drizzle-orm';
import { messages, type Ledger } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { ledgerMembers, ledgers, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from './actor.ts';
import { ledgerOf } from './ledger-view.ts';

/**
 * PUT /api/ledgers/:id/owner (docs/product.md#socios-y-liquidacion "Former partners", DESIGN §28):
 * the owner hands the ledger to a current member. Another member gets 403, a non-member 404, a
 * target outside the ledger (or the owner themself) 400. The owner always holds every right, so
 * the new owner's row loses "Solo lectura" and gains 'Modificar saldos' (a viewer may be named:
 * docs/decisions/0055-owner-transfer.md); the previous owner stays a member with 'Modificar
 * saldos'. One change: activity with both owners before/after, `ledger-updated` OWNER_CHANGED.
 */
export async function transferOwnership(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  actor: Actor,
  ledgerId: string,
  userId: string,
): Promise<Ledger> {
  await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    // Serializes against a concurrent transfer, expulsion or settings change of the same ledger.
    await tx.select({ id: ledgers.id }).from(ledgers).where(eq(ledgers.id, ledgerId)).for('update');
    if (userId === m.ownerId) throw new AppError('VALIDATION_ERROR', messages.ownerTransferSelf, { userId: messages.ownerTransferSelf });
    const [target] = await tx
      .select({ soloLectura: ledgerMembers.soloLectura, canModifyBalance: ledgerMembers.canModifyBalance, userName: users.userName })
      .from(ledgerMembers)
      .innerJoin(users, eq(users.id, ledgerMembers.userId))
      .where(and(eq(ledgerMembers.ledgerId, ledgerId), eq(ledgerMembers.userId, userId)))
      .for('update', { of: ledgerMembers })
      .limit(1);
    if (!target) throw new AppError('VALIDATION_ERROR', messages.ownerTransferNotMember, { userId: messages.ownerTransferNotMember });
    const [previous] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, m.ownerId)).limit(1);
    await tx.update(ledgers).set({ ownerId: userId }).where(eq(ledgers.id, ledgerId));
    await tx
      .update(ledgerMembers)
      .set({ canModifyBalance: true, soloLectura: false })
      .where(and(eq(ledgerMembers.ledgerId, ledgerId), eq(ledgerMembers.userId, userId)));
    await tx
      .update(ledgerMembers)
      .set({ canModifyBalance: true, soloLectura: false })
      .where(and(eq(ledgerMembers.ledgerId, ledgerId), eq(ledgerMembers.userId, m.ownerId)));
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'LEDGER_OWNER_CHANGED',
      entityId: userId,
      // Names ride along so the log and the notice can say who handed the ledger to whom.
      before: {
        ownerId: m.ownerId,
        owner: { id: m.ownerId, user_name: previous?.userName ?? null },
        member: { userId, canModifyBalance: target.canModifyBalance, soloLectura: target.soloLectura },
      },
      after: {
        ownerId: userId,
        owner: { id: userId, user_name: target.userName },
        member: { userId, canModifyBalance: true, soloLectura: false },
      },
    });
    emit({ event: 'ledger-updated', type: 'OWNER_CHANGED', ledgerId, byUserId: actor.user.id, userId });
  });
  const ledger = await ledgerOf(ctx.db, actor.user.id, ledgerId);
  if (!ledger) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
  return ledger;
}
