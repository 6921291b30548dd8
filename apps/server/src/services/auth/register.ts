import { sql } from 'drizzle-orm';
import { REGISTER_WINDOW_MINUTES, RESEND_COOLDOWN_SECONDS, messages, t, type RegisterInput } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { notifyOutbox } from '../mail/queue-email.ts';
import { hitRateLimit, takeCooldown } from '../rate-limit.ts';
import { hashPassword } from './passwords.ts';
import { createPersonalLedger } from './personal-ledger.ts';
import { queueVerification } from './send-verification.ts';
import { findUserByEmail, normalizeEmail } from './session-user.ts';

const emailTaken = () => new AppError('EMAIL_TAKEN', messages.emailTaken);

/**
 * Sign-ups per address (docs/product.md#account-security, issue 36): every attempt that passed
 * validation counts, before its password is hashed, by one atomic upsert (a parallel burst gets no
 * more than the limit); past it, 429 in Spanish with Retry-After.
 */
async function countSignUp(ctx: AppContext, ip: string, now: Date): Promise<void> {
  const state = await hitRateLimit(ctx.db, `register-ip:${ip}`, REGISTER_WINDOW_MINUTES * 60_000, now);
  if (state.count <= ctx.config.REGISTER_MAX_PER_ADDRESS) return;
  const seconds = (state.resetAt.getTime() - now.getTime()) / 1000;
  throw tooManyRequests(t('tooManyRegistrations', { minutes: Math.max(1, Math.ceil(seconds / 60)) }), seconds);
}

/**
 * Sign-up (docs/api.md): the user, their ledger "Mi Registro", the verification token and its mail
 * commit together. The very first user becomes ADMIN; an advisory lock makes two simultaneous
 * first sign-ups unable to both see an empty table.
 */
export async function registerUser(ctx: AppContext, input: RegisterInput, ip: string): Promise<void> {
  const now = ctx.now();
  await countSignUp(ctx, ip, now);
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('arb:register'))`);
      if (await findUserByEmail(tx, email)) throw emailTaken();
      const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, userName: input.user_name, role: anyone ? 'USER' : 'ADMIN' })
        .returning();
      await createPersonalLedger(tx, user!.id);
      await queueVerification(tx, { user: { id: user!.id, email, user_name: user!.userName }, appUrl: ctx.config.APP_URL, now });
    });
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505' || (err as { cause?: { code?: unknown } }).cause?.code === '23505') throw emailTaken();
    throw err;
  }
  notifyOutbox();
  // The sign-up mail counts as a send: resend-verification waits 30 s from it.
  await takeCooldown(ctx.db, `resend:${email}`, RESEND_COOLDOWN_SECONDS, now);
}
