import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_DAYS, messages, type SessionInfo } from '@arb/shared';
import { loginSessions, sessions, users } from '../../db/schema.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { randomToken, sha256 } from './random-token.ts';

const DAY_MS = 86_400_000;
const GRACE_MS = REFRESH_REUSE_GRACE_SECONDS * 1000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/** Who signed in: shown in the sessions list (docs/product.md#account-security). */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

const expired = () => new AppError('UNAUTHORIZED', messages.sessionExpired);

/** Starts a new session (a login): its row, and the first refresh token of its chain, stored hashed. */
export async function startSession(
  db: DbOrTx,
  userId: string,
  now: Date,
  client: ClientInfo,
): Promise<{ refreshToken: string; sessionId: string }> {
  const refreshToken = randomToken();
  const sessionId = randomUUID();
  await db.insert(loginSessions).values({
    id: sessionId,
    userId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastUsedAt: now,
  });
  await db.insert(sessions).values({
    userId,
    familyId: sessionId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
  });
  return { refreshToken, sessionId };
}

/**
 * Rotates a refresh token (docs/product.md#reliability-rules, docs/product.md#account-security). A token already rotated is a replay: its whole
 * session is ended, except within 10 s of the rotation, when the same successor is answered again
 * so two tabs refreshing at once both stay signed in. That successor is kept only encrypted
 * (`graceBox`) and erased when its window ends (`eraseStaleGraceTokens`).
 */
export async function rotateRefreshToken(
  db: Db,
  tokens: AccessTokens,
  graceBox: SecretBox,
  presented: string,
  now: Date,
): Promise<IssuedTokens & { sessionId: string; endedSessionId?: string; userId: string }> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(presented)))
      .for('update')
      .limit(1);
    if (!current || current.revokedAt || current.expiresAt <= now) return { error: expired() };
    const [user] = await tx.select().from(users).where(eq(users.id, current.userId)).limit(1);
    if (!user) return { error: expired() };
    if (!user.isActive) return { error: new AppError('ACCOUNT_DISABLED', messages.accountDisabled) };

    if (current.rotatedAt) {
      const withinGrace = now.getTime() - current.rotatedAt.getTime() <= GRACE_MS;
      const successorToken = withinGrace && current.graceTokenEnc && current.replacedBy ? graceBox.open(current.graceTokenEnc) : undefined;
      if (successorToken) {
        const [successor] = await tx.select().from(sessions).where(eq(sessions.id, current.replacedBy!)).limit(1);
        if (successor && !successor.revokedAt) return { user, refreshToken: successorToken, sessionId: current.familyId };
      }
      // Replay of a rotated token: someone else holds this chain. End the whole session.
      await revokeFamilies(tx, [current.familyId], now);
      return { error: expired(), endedSessionId: current.familyId, userId: user.id }; // returned, not thrown: the revocation must commit
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
    await tx
      .update(sessions)
      .set({ rotatedAt: now, replacedBy: next!.id, graceTokenEnc: graceBox.seal(refreshToken) })
      .where(eq(sessions.id, current.id));
    const [live] = await tx
      .update(loginSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(loginSessions.id, current.familyId), isNull(loginSessions.revokedAt)))
      .returning({ id: loginSessions.id });
    if (!live) return { error: expired() };
    return { user, refreshToken, sessionId: current.familyId };
  });
  if ('error' in outcome) {
    if (outcome.endedSessionId) Object.assign(outcome.error, { endedSessionId: outcome.endedSessionId, userId: outcome.userId });
    throw outcome.error;
  }
  const accessToken = await tokens.sign({ sub: outcome.user.id, role: outcome.user.role, sid: outcome.sessionId });
  return { accessToken, refreshToken: outcome.refreshToken, sessionId: outcome.sessionId, userId: outcome.user.id };
}

/** Erases grace successors whose 10 s window has ended (run after each rotation and periodically). */
export async function eraseStaleGraceTokens(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ graceTokenEnc: null })
    .where(and(isNotNull(sessions.graceTokenEnc), lt(sessions.rotatedAt, new Date(now.getTime() - GRACE_MS))))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Revokes sessions (their refresh tokens and their row: access tokens carrying them stop at once). */
async function revokeFamilies(db: DbOrTx, sessionIds: string[], now: Date): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: now, graceTokenEnc: null })
    .where(and(inArray(sessions.familyId, sessionIds), isNull(sessions.revokedAt)));
  await db
    .update(loginSessions)
    .set({ revokedAt: now })
    .where(and(inArray(loginSessions.id, sessionIds), isNull(loginSessions.revokedAt)));
}

/** Logout: ends the session the presented token belongs to. Unknown tokens are ignored. */
export async function endSession(db: Db, presented: string, now: Date): Promise<{ userId: string; sessionId: string } | undefined> {
  const [row] = await db
    .select({ familyId: sessions.familyId, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(presented)))
    .limit(1);
  if (!row) return undefined;
  await db.transaction((tx) => revokeFamilies(tx, [row.familyId], now));
  return { userId: row.userId, sessionId: row.familyId };
}

/** Ends one session of the user (404 when it is not theirs or already ended). */
export async function endOwnSession(db: Db, userId: string, sessionId: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ id: loginSessions.id })
    .from(loginSessions)
    .where(and(eq(loginSessions.id, sessionId), eq(loginSessions.userId, userId), isNull(loginSessions.revokedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.sessionNotFound);
  await db.transaction((tx) => revokeFamilies(tx, [sessionId], now));
}

/**
 * Ends every session of a user (password reset, deactivation; with `exceptSessionId`, "close the
 * others"). Answers the ended session ids, whose sockets are then disconnected.
 */
export async function revokeAllSessions(db: DbOrTx, userId: string, exceptSessionId?: string, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: loginSessions.id })
    .from(loginSessions)
    .where(
      and(
        eq(loginSessions.userId, userId),
        isNull(loginSessions.revokedAt),
        exceptSessionId ? ne(loginSessions.id, exceptSessionId) : undefined,
      ),
    );
  const ids = rows.map((r) => r.id);
  await revokeFamilies(db, ids, now);
  // Chains older than the sessions table (none after 0007, but cheap to be sure).
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, graceTokenEnc: null })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.familyId, exceptSessionId) : undefined),
    );
  return ids;
}

/** The user's open sessions, most recently used first (docs/product.md#account-security). */
export async function listSessions(db: Db, userId: string, currentSessionId: string, now: Date): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(loginSessions)
    .where(
      and(
        eq(loginSessions.userId, userId),
        isNull(loginSessions.revokedAt),
        sql`${loginSessions.lastUsedAt} > ${new Date(now.getTime() - REFRESH_TOKEN_TTL_DAYS * DAY_MS).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(loginSessions.lastUsedAt));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    userAgent: r.userAgent,
    ip: r.ip,
    current: r.id === currentSessionId,
  }));
}
