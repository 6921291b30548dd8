import { eq } from 'drizzle-orm';
import { messages, type PaymentProof } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { listProofs } from '../membership/payment-proofs.ts';

/** One user's payment proofs for the admin page; 404 when the user does not exist. */
export async function userPaymentProofs(db: Db, userId: string, secret: string, now: Date): Promise<PaymentProof[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  return listProofs(db, userId, secret, now);
}
