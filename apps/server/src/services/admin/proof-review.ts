import { eq } from 'drizzle-orm';
import { messages, type AdminUser, type PaymentProof } from '@arb/shared';
import { paymentProofs, users } from '../../db/schema.ts';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { proofColumns, toPaymentProof } from '../membership/payment-proofs.ts';
import { adminUserById } from './admin-users-query.ts';
import type { AdminDeps } from './user-admin.ts';

const DAY_MS = 86_400_000;

/** Locks a pending proof; a reviewed one is a 409 so a double click never extends twice. */
async function lockPending(tx: Tx, proofId: string) {
  const [proof] = await tx.select(proofColumns).from(paymentProofs).where(eq(paymentProofs.id, proofId)).for('update').limit(1);
  if (!proof) throw new AppError('NOT_FOUND', messages.proofNotFound);
  if (proof.status !== 'pending') throw new AppError('CONFLICT', messages.proofAlreadyReviewed);
  return proof;
}

/**
 * Approves a proof: the membership end moves to max(now, current end) + days, so paying early
 * never loses days; a membership that had lapsed (or never existed) starts now.
 */
export async function approveProof(deps: AdminDeps, adminId: string, proofId: string, days: number): Promise<AdminUser> {
  const now = deps.now();
  const userId = await deps.db.transaction(async (tx) => {
    const proof = await lockPending(tx, proofId);
    const [user] = await tx.select().from(users).where(eq(users.id, proof.userId)).for('update').limit(1);
    if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
    const active = user.membershipEnd !== null && user.membershipEnd > now;
    const from = active ? user.membershipEnd! : now;
    await tx
      .update(users)
      .set({
        membershipEnd: new Date(from.getTime() + days * DAY_MS),
        membershipStart: active && user.membershipStart ? user.membershipStart : now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(paymentProofs)
      .set({ status: 'approved', reviewedBy: adminId, reviewedAt: now, rejectionReason: null })
      .where(eq(paymentProofs.id, proofId));
    return user.id;
  });
  const user = await adminUserById(deps.db, userId, deps.now(), deps.timeZone);
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  return user;
}

export async function rejectProof(
  deps: AdminDeps,
  adminId: string,
  proofId: string,
  reason: string | null,
  secret: string,
): Promise<PaymentProof> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockPending(tx, proofId);
    const [row] = await tx
      .update(paymentProofs)
      .set({ status: 'rejected', rejectionReason: reason, reviewedBy: adminId, reviewedAt: now })
      .where(eq(paymentProofs.id, proofId))
      .returning(proofColumns);
    return toPaymentProof(row!, secret, now);
  });
}
