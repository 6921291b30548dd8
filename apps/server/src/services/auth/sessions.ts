import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_DAYS, messages } from '@arb/shared';
import { sessions, users } from '../../db/schema.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import { randomToken, sha256 } from './random-token.ts';

const DAY_MS = 86_400_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

const expired = () => new AppError(401, 'UNAUTHORIZED', messages.sessionExpired);

/** Starts a new session family (a login): a fresh refresh token, stored hashed. */
export async function startSession(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const refreshToken = randomToken();
  await db.insert(sessions).values({
    userId,
    familyId: randomUUID(),
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
  });
  return refreshToken;
}

/**
 * Rotates a refresh token (DESIGN §5). A token already rotated is a replay: its whole family is
 * revoked, except within 10 s of the rotation, when the same successor is answered again so two
 * tabs refreshing at once both stay signed in.
 */
export async function rotateRefreshToken(db: Db, tokens: AccessTokens, presented: string, now: Date): Promise<IssuedTokens> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(sessions).where(eq(sessions.tokenHash, sha256(presented))).for('update').limit(1);
    if (!current || current.revokedAt || current.expiresAt <= now) return { error: expired() };
    const [user] = await tx.select().from(users).where(eq(users.id, current.userId)).limit(1);
    if (!user) return { error: expired() };
    if (!user.isActive) return { error: new AppError(403, 'ACCOUNT_DISABLED', messages.accountDisabled) };

    if (current.rotatedAt) {
      const withinGrace = now.getTime() - current.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (withinGrace && current.graceToken && current.replacedBy) {
        const [successor] = await tx.select().from(sessions).where(eq(sessions.id, current.replacedBy)).limit(1);
        if (successor && !successor.revokedAt) return { user, refreshToken: current.graceToken };
      }
      // Replay of a rotated token: someone else holds this chain. End every session of it.
      await tx
        .update(sessions)
        .set({ revokedAt: now, graceToken: null })
        .where(and(eq(sessions.familyId, current.familyId), isNull(sessions.revokedAt)));
      return { error: expired() }; // returned, not thrown: the revocation must commit
    }

    const refreshToken = randomToken();
    const [next] = await tx
      .insert(sessions)
      .values({
        userId: current.userId,
        familyId: current.familyId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
      })
      .returning({ id: sessions.id });
    await tx.update(sessions).set({ rotatedAt: now, replacedBy: next!.id, graceToken: refreshToken }).where(eq(sessions.id, current.id));
    // Successor tokens are kept in clear only for the grace window: forget the stale ones.
    await tx
      .update(sessions)
      .set({ graceToken: null })
      .where(
        and(
          eq(sessions.userId, current.userId),
          lt(sessions.rotatedAt, new Date(now.getTime() - REFRESH_REUSE_GRACE_SECONDS * 1000)),
          sql`${sessions.graceToken} is not null`,
        ),
      );
    return { user, refreshToken };
  });
  if ('error' in outcome) throw outcome.error;
  const accessToken = await tokens.sign({ sub: outcome.user.id, role: outcome.user.role });
  return { accessToken, refreshToken: outcome.refreshToken };
}

/** Logout: ends the session chain the presented token belongs to. Unknown tokens are ignored. */
export async function endSession(db: Db, presented: string, now: Date): Promise<void> {
  const [row] = await db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.tokenHash, sha256(presented))).limit(1);
  if (!row) return;
  await db
    .update(sessions)
    .set({ revokedAt: now, graceToken: null })
    .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password reset, deactivation): their refresh tokens stop working. */
export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, graceToken: null })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
