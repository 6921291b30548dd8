import { and, desc, eq } from 'drizzle-orm';
import { messages, type PaymentProof } from '@arb/shared';
import { paymentProofs } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoredImage } from './proof-image.ts';
import { signProofUrl } from './signed-url.ts';

/** The columns a proof answer needs; the image bytes are never read for a list. */
export const proofColumns = {
  id: paymentProofs.id,
  userId: paymentProofs.userId,
  note: paymentProofs.note,
  status: paymentProofs.status,
  rejectionReason: paymentProofs.rejectionReason,
  createdAt: paymentProofs.createdAt,
};
interface ProofRow {
  id: string;
  note: string | null;
  status: 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
  createdAt: Date;
}

export function toPaymentProof(row: ProofRow, secret: string, now: Date): PaymentProof {
  return {
    id: row.id,
    note: row.note,
    imageUrl: signProofUrl(secret, row.id, now),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    rejectionReason: row.rejectionReason,
  };
}

/** A user's proofs, newest first (own list, and the admin's view of a user). */
export async function listProofs(db: DbOrTx, userId: string, secret: string, now: Date): Promise<PaymentProof[]> {
  const rows = await db
    .select(proofColumns)
    .from(paymentProofs)
    .where(eq(paymentProofs.userId, userId))
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id));
  return rows.map((r) => toPaymentProof(r, secret, now));
}

export async function createProof(
  db: DbOrTx,
  userId: string,
  image: StoredImage,
  note: string | null,
  secret: string,
  now: Date,
): Promise<PaymentProof> {
  const [row] = await db
    .insert(paymentProofs)
    .values({ userId, note, image: image.data, mimeType: image.mimeType, createdAt: now })
    .returning(proofColumns);
  return toPaymentProof(row!, secret, now);
}

/** Deletes one of the caller's own proofs; another user's proof is "not found" (never revealed). */
export async function deleteOwnProof(db: DbOrTx, userId: string, proofId: string): Promise<void> {
  const deleted = await db
    .delete(paymentProofs)
    .where(and(eq(paymentProofs.id, proofId), eq(paymentProofs.userId, userId)))
    .returning({ id: paymentProofs.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', messages.proofNotFound);
}

/** The stored image for the signed-URL route. */
export async function proofImage(db: DbOrTx, proofId: string): Promise<{ data: Buffer; mimeType: string } | undefined> {
  const [row] = await db
    .select({ data: paymentProofs.image, mimeType: paymentProofs.mimeType })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, proofId))
    .limit(1);
  return row;
}
