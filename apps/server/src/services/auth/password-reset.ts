import { eq } from 'drizzle-orm';
import { RESEND_COOLDOWN_SECONDS, messages } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyOutbox, queueEmail } from '../mail/queue-email.ts';
import { resetPasswordEmail } from '../mail/reset-password-email.ts';
import { takeCooldown } from '../rate-limit.ts';
import { consumeEmailToken, createEmailToken } from './email-tokens.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, normalizeEmail } from './session-user.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * Queues a reset mail when the address belongs to an active user. The caller answers the same
 * either way; a 30 s per-address cooldown silently stops mail floods.
 */
export async function forgotPassword(ctx: AppContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  if ((await takeCooldown(ctx.db, `forgot:${email}`, RESEND_COOLDOWN_SECONDS, now)) > 0) return;
  const queued = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || !user.isActive) return false;
    const token = await createEmailToken(tx, { userId: user.id, kind: 'reset', email: user.email, now });
    await queueEmail(tx, resetPasswordEmail({ email: user.email, user_name: user.userName }, token, ctx.config.APP_URL));
    return true;
  });
  if (queued) notifyOutbox();
}

/**
 * Sets a new password with a reset token (single use, 1 h) and ends every session of the user.
 * The link proves the address is theirs, so it also counts as verified.
 */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const now = ctx.now();
  const passwordHash = await hashPassword(newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, 'reset', token, now);
    if (!row) throw new AppError('VALIDATION_ERROR', messages.tokenInvalidOrExpired);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user || normalizeEmail(user.email) !== normalizeEmail(row.email)) {
      throw new AppError('VALIDATION_ERROR', messages.tokenInvalidOrExpired);
    }
    await tx.update(users).set({ passwordHash, emailVerified: true, updatedAt: now }).where(eq(users.id, user.id));
    return { userId: user.id, sessionIds: await revokeAllSessions(tx, user.id, undefined, now) };
  });
  ctx.bus.publishUser({ kind: 'sessions-ended', ...ended });
}
