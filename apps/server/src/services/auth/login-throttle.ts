import { and, eq, gt, sql } from 'drizzle-orm';
import { LOGIN_KNOWN_ADDRESS_DAYS, LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MINUTES, t } from '@arb/shared';
import { loginAddresses, rateLimits } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { hitRateLimit, type WindowState } from '../rate-limit.ts';

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;
const KNOWN_MS = LOGIN_KNOWN_ADDRESS_DAYS * 86_400_000;

export const emailKey = (email: string) => `login-email:${email}`;
export const addressKey = (ip: string) => `login-ip:${ip}`;

/** What a reserved attempt counted, so a success can give it back. */
export interface LoginAttempt {
  email: string;
  ip: string;
  countedEmail: boolean;
}

function blocked(state: WindowState, now: Date) {
  const seconds = (state.resetAt.getTime() - now.getTime()) / 1000;
  return tooManyRequests(t('tooManyLogins', { minutes: Math.max(1, Math.ceil(seconds / 60)) }), seconds);
}

/** Whether `userId` signed in successfully from `ip` in the last 30 days. */
async function isKnownAddress(db: DbOrTx, userId: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ ip: loginAddresses.ip })
    .from(loginAddresses)
    .where(
      and(
        eq(loginAddresses.userId, userId),
        eq(loginAddresses.ip, ip),
        gt(loginAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Login throttling (docs/product.md#account-security). Every attempt is counted BEFORE its password is checked, by one
 * atomic upsert per counter, and refused when that count passes the limit: a parallel burst can
 * never get more tries than the limit (a read-then-increment check could). A success gives its
 * count back (`loginSucceeded`), so only failures remain counted.
 * - per address, across emails: 20 in 15 minutes, known user or not;
 * - per email, across addresses: 5 in 15 minutes, except from an address where that user signed
 *   in during the last 30 days (nobody can lock a user out from elsewhere).
 */
export async function reserveLoginAttempt(
  db: DbOrTx,
  email: string,
  ip: string,
  userId: string | undefined,
  now: Date,
): Promise<LoginAttempt> {
  const perAddress = await hitRateLimit(db, addressKey(ip), WINDOW_MS, now);
  if (perAddress.count > LOGIN_MAX_FAILURES_PER_ADDRESS) throw blocked(perAddress, now);
  const known = userId !== undefined && (await isKnownAddress(db, userId, ip, now));
  if (known) return { email, ip, countedEmail: false };
  const perEmail = await hitRateLimit(db, emailKey(email), WINDOW_MS, now);
  if (perEmail.count > LOGIN_MAX_FAILURES) throw blocked(perEmail, now);
  return { email, ip, countedEmail: true };
}

async function giveBack(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
}

/** The password was right but a second factor is still due: the attempt is not a failure (yet). */
export async function releaseLoginAttempt(db: DbOrTx, attempt: LoginAttempt, now: Date): Promise<void> {
  await giveBack(db, addressKey(attempt.ip), now);
  if (attempt.countedEmail) await giveBack(db, emailKey(attempt.email), now);
}

/**
 * A completed sign-in: the address's count is given back (never cleared: one's own account must
 * not wipe the failures tried on others from the same address), the email's failures are cleared,
 * and the address becomes known for this user.
 */
export async function loginSucceeded(db: DbOrTx, attempt: LoginAttempt, userId: string, now: Date): Promise<void> {
  await giveBack(db, addressKey(attempt.ip), now);
  await db.delete(rateLimits).where(eq(rateLimits.key, emailKey(attempt.email)));
  await db
    .insert(loginAddresses)
    .values({ userId, ip: attempt.ip, lastSuccessAt: now })
    .onConflictDoUpdate({ target: [loginAddresses.userId, loginAddresses.ip], set: { lastSuccessAt: now } });
}
