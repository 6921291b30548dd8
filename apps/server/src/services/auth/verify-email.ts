import { eq } from 'drizzle-orm';
import { RESEND_COOLDOWN_SECONDS, messages, t } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { notifyOutbox } from '../mail/queue-email.ts';
import { takeCooldown } from '../rate-limit.ts';
import { consumeEmailToken, findEmailToken } from './email-tokens.ts';
import { queueVerification } from './send-verification.ts';
import { findUserByEmail, normalizeEmail } from './session-user.ts';

const invalidToken = () => new AppError('VALIDATION_ERROR', messages.tokenInvalidOrExpired);

/**
 * Marks the address verified. The token must be issued for the user's current address (an admin
 * may have changed it since). If that address is already verified, any of its links answers
 * success — re-opening a link that worked, or an older mail's link (docs/product.md#accounts-and-sessions);
 * otherwise the token must be unused and unexpired.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const issued = await findEmailToken(tx, 'verify', token);
    if (!issued) throw invalidToken();
    const [user] = await tx.select().from(users).where(eq(users.id, issued.userId)).limit(1);
    if (!user || normalizeEmail(user.email) !== normalizeEmail(issued.email)) throw invalidToken();
    if (user.emailVerified) return;
    if (!(await consumeEmailToken(tx, 'verify', token, now))) throw invalidToken();
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id));
  });
}

/**
 * Sends a new verification mail. 429 with the seconds left within 30 s of the last one; otherwise
 * the same answer whether or not the address exists or is already verified.
 */
export async function resendVerification(ctx: AppContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now();
  const wait = await takeCooldown(ctx.db, `resend:${email}`, RESEND_COOLDOWN_SECONDS, now);
  if (wait > 0) throw tooManyRequests(t('resendCooldown', { seconds: wait }), wait);
  const queued = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.emailVerified || !user.isActive) return false;
    await queueVerification(tx, { user: { id: user.id, email: user.email, user_name: user.userName }, appUrl: ctx.config.APP_URL, now });
    return true;
  });
  if (queued) notifyOutbox();
}
