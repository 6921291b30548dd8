import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES, messages, t, type LoginInput, type LoginResponse } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { clearRateLimit, hitRateLimit, readRateLimit } from '../rate-limit.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { findUserByEmail, normalizeEmail, toSessionUser } from './session-user.ts';
import { startSession } from './sessions.ts';

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

/**
 * Login (DESIGN §3): 401 with one message for a wrong email or password, 403 for a deactivated
 * account (said only to whoever knows the password), 429 after 5 failures in 15 minutes for the
 * same email from the same address.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  const key = `login:${email}:${ip}`;
  const now = ctx.now();
  const state = await readRateLimit(ctx.db, key, now);
  if (state && state.count >= LOGIN_MAX_FAILURES) {
    const seconds = (state.resetAt.getTime() - now.getTime()) / 1000;
    throw tooManyRequests(t('tooManyLogins', { minutes: Math.max(1, Math.ceil(seconds / 60)) }), seconds);
  }
  const user = await findUserByEmail(ctx.db, email);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await hitRateLimit(ctx.db, key, WINDOW_MS, now);
    throw new AppError(401, 'INVALID_CREDENTIALS', messages.invalidCredentials);
  }
  if (!user.isActive) throw new AppError(403, 'ACCOUNT_DISABLED', messages.accountDisabled);
  await clearRateLimit(ctx.db, key);
  const refreshToken = await startSession(ctx.db, user.id, now);
  const token = await ctx.tokens.sign({ sub: user.id, role: user.role });
  return { user: toSessionUser(user), token, refreshToken };
}
