import { and, eq } from 'drizzle-orm';
import { membershipState, messages, type MembershipInfo, type SessionUser } from '@arb/shared';
import { paymentProofs, users } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';
import { touchLedgersOf } from '../ledger-change.ts';
import { AppError } from '../../lib/errors.ts';

/** True when one of the user's proofs awaits review (one indexed lookup). */
export async function hasPendingProof(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(and(eq(paymentProofs.userId, userId), eq(paymentProofs.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

/** GET /api/membership/my-membership: docs/api.md membership info, status per docs/product.md#permissions. */
export async function myMembership(
  db: DbOrTx,
  userId: string,
  now: Date,
  membershipRequired: boolean,
  timeZone?: string,
): Promise<MembershipInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  const state = membershipState({ membershipEnd: user.membershipEnd, hasPendingProof: await hasPendingProof(db, userId) }, now, timeZone);
  return {
    user_name: user.userName,
    phone_number: user.phoneNumber,
    email: user.email,
    membership_status: state.status,
    membership_start: user.membershipStart?.toISOString() ?? null,
    membership_end: user.membershipEnd?.toISOString() ?? null,
    days_remaining: state.daysRemaining,
    created_at: user.createdAt.toISOString(),
    membership_required: membershipRequired,
  };
}

/** PUT /api/membership/profile: name and phone; answers the session user (docs/api.md `{user}`). */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  input: { user_name: string; phone_number?: string | null | undefined },
  now: Date,
): Promise<SessionUser> {
  const [row] = await db
    .update(users)
    .set({ userName: input.user_name, phoneNumber: input.phone_number || null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', messages.userNotFound);
  await touchLedgersOf(db, userId); // the author's new name shows in cached day answers
  return {
    id: row.id,
    email: row.email,
    user_name: row.userName,
    role: row.role,
    email_verified: row.emailVerified,
    two_factor_enabled: row.twoFactorEnabled,
    phone_number: row.phoneNumber,
  };
}
