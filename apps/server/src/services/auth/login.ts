import { MFA_TOKEN_TTL_MINUTES, messages, type LoginInput, type LoginResponse, type MfaRequiredResponse } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { mfaChallenges, type users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { loginSucceeded, releaseLoginAttempt, reserveLoginAttempt } from './login-throttle.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { randomToken, sha256 } from './random-token.ts';
import { findUserByEmail, normalizeEmail, toSessionUser } from './session-user.ts';
import { startSession, type ClientInfo } from './sessions.ts';

type UserRow = typeof users.$inferSelect;

/** A completed sign-in: a new session and its first pair of tokens. */
export async function issueSession(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<LoginResponse> {
  const { refreshToken, sessionId } = await startSession(ctx.db, user.id, ctx.now(), client);
  const token = await ctx.tokens.sign({ sub: user.id, role: user.role, sid: sessionId });
  return { user: toSessionUser(user), token, refreshToken };
}

/**
 * Login (docs/api.md, docs/product.md#account-security): 401 with one message for a wrong email or password, 403 for a
 * deactivated account (said only to whoever knows the password), 429 from the throttle
 * (login-throttle.ts). With two-factor on, the right password answers an `mfaToken` (5 minutes,
 * single use, stored hashed) instead of tokens: `POST /api/auth/login/2fa` finishes the sign-in.
 */
export async function login(ctx: AppContext, input: LoginInput, client: ClientInfo): Promise<LoginResponse | MfaRequiredResponse> {
  const email = normalizeEmail(input.email);
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  const attempt = await reserveLoginAttempt(ctx.db, email, client.ip, user?.id, now);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  if (!user.isActive) {
    await releaseLoginAttempt(ctx.db, attempt, now);
    throw new AppError('ACCOUNT_DISABLED', messages.accountDisabled);
  }
  if (user.twoFactorEnabled) {
    // Not a failure, not a sign-in yet: the second step counts on its own.
    await releaseLoginAttempt(ctx.db, attempt, now);
    const mfaToken = randomToken();
    await ctx.db.insert(mfaChallenges).values({
      userId: user.id,
      tokenHash: sha256(mfaToken),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MINUTES * 60_000),
    });
    return { mfaRequired: true, mfaToken };
  }
  await loginSucceeded(ctx.db, attempt, user.id, now);
  return issueSession(ctx, user, client);
}
