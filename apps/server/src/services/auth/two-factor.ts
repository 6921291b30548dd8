import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  MFA_MAX_ATTEMPTS,
  RECOVERY_CODE_COUNT,
  messages,
  type LoginResponse,
  type LoginSecondStepInput,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
} from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { mfaChallenges, recoveryCodes, users } from '../../db/schema.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { issueSession } from './login.ts';
import { loginSucceeded, reserveLoginAttempt } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { sha256 } from './random-token.ts';
import { normalizeEmail } from './session-user.ts';
import type { ClientInfo } from './sessions.ts';
import { hashRecoveryCode, isTotpShaped, matchTotp, newRecoveryCodes, newTotpSecret, normalizeCode, otpauthUrl } from './totp.ts';

type UserRow = typeof users.$inferSelect;

const totpInvalid400 = () => new AppError('TOTP_INVALID', messages.totpInvalid);
const mfaExpired = () => new AppError('MFA_EXPIRED', messages.mfaExpired);

async function loadUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', messages.sessionExpired);
  return user;
}

/** The current password, on authenticated calls: a wrong one is 400 (401 would sign the web out). */
async function requirePassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_PASSWORD', messages.invalidPassword);
}

/**
 * Accepts a TOTP code once: the matched step must be newer than the last accepted one, claimed by
 * one conditional UPDATE (two requests with the same code cannot both win).
 */
async function acceptTotp(db: DbOrTx, userId: string, secret: string, code: string, nowMs: number): Promise<boolean> {
  const step = matchTotp(secret, normalizeCode(code), nowMs);
  if (step === undefined) return false;
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** Spends a recovery code (single use, by one conditional UPDATE). */
async function acceptRecoveryCode(ctx: AppContext, userId: string, code: string, now: Date): Promise<boolean> {
  const spent = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(ctx.secrets.recovery, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

/** A TOTP code of the enabled secret, or a recovery code. */
async function acceptSecondFactor(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  const now = ctx.now();
  if (isTotpShaped(code)) {
    const secret = user.totpSecretEnc ? ctx.secrets.totp.open(user.totpSecretEnc) : undefined;
    return secret !== undefined && acceptTotp(ctx.db, user.id, secret, code, now.getTime());
  }
  return acceptRecoveryCode(ctx, user.id, code, now);
}

/** `POST /api/auth/2fa/setup {password}`: a new pending secret (replacing an unfinished one). */
export async function setupTwoFactor(ctx: AppContext, userId: string, password: string): Promise<TwoFactorSetupResponse> {
  const user = await loadUser(ctx, userId);
  await requirePassword(user, password);
  if (user.twoFactorEnabled) throw new AppError('CONFLICT', messages.twoFactorAlreadyEnabled);
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpPendingSecretEnc: ctx.secrets.totp.seal(secret) })
    .where(eq(users.id, userId));
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** `POST /api/auth/2fa/enable {password, code}`: the pending secret becomes the factor; ten recovery codes. */
export async function enableTwoFactor(ctx: AppContext, userId: string, password: string, code: string): Promise<TwoFactorEnableResponse> {
  const user = await loadUser(ctx, userId);
  await requirePassword(user, password);
  if (user.twoFactorEnabled) throw new AppError('CONFLICT', messages.twoFactorAlreadyEnabled);
  const pending = user.totpPendingSecretEnc ? ctx.secrets.totp.open(user.totpPendingSecretEnc) : undefined;
  if (!pending) throw new AppError('VALIDATION_ERROR', messages.twoFactorNotSetUp);
  const step = matchTotp(pending, normalizeCode(code), ctx.now().getTime());
  if (step === undefined) throw totpInvalid400();
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(users)
      .set({
        twoFactorEnabled: true,
        totpSecretEnc: user.totpPendingSecretEnc,
        totpPendingSecretEnc: null,
        totpLastStep: step,
        updatedAt: ctx.now(),
      })
      .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)))
      .returning({ id: users.id });
    if (done.length === 0) throw new AppError('CONFLICT', messages.twoFactorAlreadyEnabled);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(ctx.secrets.recovery, c) })));
  });
  return { recoveryCodes: codes };
}

/** Turns two-factor off and forgets its secrets and recovery codes (disable, admin reset). */
export async function clearTwoFactor(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabled: false, totpSecretEnc: null, totpPendingSecretEnc: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return rows.length === 1;
}

/** `POST /api/auth/2fa/disable {password, code}` (a TOTP or a recovery code). */
export async function disableTwoFactor(ctx: AppContext, userId: string, password: string, code: string): Promise<void> {
  const user = await loadUser(ctx, userId);
  await requirePassword(user, password);
  if (!user.twoFactorEnabled) throw new AppError('VALIDATION_ERROR', messages.twoFactorNotEnabled);
  if (!(await acceptSecondFactor(ctx, user, code))) throw totpInvalid400();
  await ctx.db.transaction((tx) => clearTwoFactor(tx, userId, ctx.now()));
}

/**
 * `POST /api/auth/login/2fa {mfaToken, code}` (docs/product.md#account-security). Each try is counted on the ticket by
 * one conditional UPDATE (5 wrong codes end it) and on the login throttle of the email and the
 * address; a wrong code is 401. The ticket is spent by the success.
 */
export async function loginSecondStep(ctx: AppContext, input: LoginSecondStepInput, client: ClientInfo): Promise<LoginResponse> {
  const now = ctx.now();
  const [challenge] = await ctx.db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.tokenHash, sha256(input.mfaToken)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, MFA_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!challenge) throw mfaExpired();
  const user = await loadUser(ctx, challenge.userId).catch(() => {
    throw mfaExpired();
  });
  if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', messages.accountDisabled);
  if (!user.twoFactorEnabled) throw mfaExpired(); // reset by an admin meanwhile: sign in again
  const attempt = await reserveLoginAttempt(ctx.db, normalizeEmail(user.email), client.ip, user.id, now);
  if (!(await acceptSecondFactor(ctx, user, input.code))) throw new AppError('MFA_CODE_INVALID', messages.totpInvalid);
  const spent = await ctx.db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  if (spent.length === 0) throw mfaExpired();
  await loginSucceeded(ctx.db, attempt, user.id, now);
  return issueSession(ctx, user, client);
}

/** DELETE /api/admin/users/:id/2fa (docs/product.md#account-security): an admin turns a user's two-factor off (lost phone and recovery codes). */
export async function adminResetTwoFactor(db: Db, userId: string, now: Date): Promise<void> {
  const found = await db.transaction((tx) => clearTwoFactor(tx, userId, now));
  if (!found) throw new AppError('NOT_FOUND', messages.userNotFound);
}

/**
 * Re-authentication for a sensitive download (docs/operations.md#backups): the signed-in user's
 * password, and a TOTP or recovery code when two-factor is on. Wrong answers are 400s (never 401).
 */
export async function reauthenticate(ctx: AppContext, userId: string, password: string, code: string | undefined): Promise<void> {
  const user = await loadUser(ctx, userId);
  await requirePassword(user, password);
  if (!user.twoFactorEnabled) return;
  if (!code) throw new AppError('TOTP_INVALID', messages.backupCodeRequired);
  if (!(await acceptSecondFactor(ctx, user, code))) throw totpInvalid400();
}
