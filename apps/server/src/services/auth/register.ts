import { sql } from 'drizzle-orm';
import { RESEND_COOLDOWN_SECONDS, messages, type RegisterInput } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyOutbox } from '../mail/queue-email.ts';
import { takeCooldown } from '../rate-limit.ts';
import { hashPassword } from './passwords.ts';
import { createPersonalLedger } from './personal-ledger.ts';
import { queueVerification } from './send-verification.ts';
import { findUserByEmail, normalizeEmail } from './session-user.ts';

const emailTaken = () => new AppError('EMAIL_TAKEN', messages.emailTaken);

/**
 * Sign-up (docs/api.md): the user, their ledger "Mi Registro", the verification token and its mail
 * commit together. The very first user becomes ADMIN; an advisory lock makes two simultaneous
 * first sign-ups unable to both see an empty table.
 */
export async function registerUser(ctx: AppContext, input: RegisterInput): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
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
