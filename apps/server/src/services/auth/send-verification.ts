import type { DbOrTx } from '../../db/database.ts';
import { queueEmail } from '../mail/queue-email.ts';
import { verificationEmail } from '../mail/verification-email.ts';
import { createEmailToken } from './email-tokens.ts';

/**
 * Issues a verification token for the user's current address and queues its mail, in the
 * caller's transaction (register, resend, an admin's email change). Call notifyOutbox() after commit.
 */
export async function queueVerification(
  tx: DbOrTx,
  opts: { user: { id: string; email: string; user_name: string }; appUrl: string; now: Date },
): Promise<void> {
  const token = await createEmailToken(tx, { userId: opts.user.id, kind: 'verify', email: opts.user.email, now: opts.now });
  await queueEmail(tx, verificationEmail(opts.user, token, opts.appUrl));
}
