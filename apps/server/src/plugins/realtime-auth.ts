import { and, eq, isNull } from 'drizzle-orm';
import { messages, type RealtimeErrorCode } from '@arb/shared';
import { loginSessions, users } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import type { AccessTokens } from '../lib/access-token.ts';

/** A handshake refusal: Socket.IO sends `message` and `data` to the client's `connect_error`. */
export class HandshakeError extends Error {
  readonly data: { code: RealtimeErrorCode };
  constructor(code: RealtimeErrorCode, message: string) {
    super(message);
    this.name = 'HandshakeError';
    this.data = { code };
  }
}

/**
 * The same checks as the HTTP guard (plugins/auth.ts), once per connection: a valid access JWT
 * from `auth.token`, an existing active account, a verified email where required. Resolves the
 * user id; rejects with a HandshakeError (TOKEN_EXPIRED tells the web to refresh and retry).
 */
export async function authenticateHandshake(
  deps: { db: Db; tokens: AccessTokens; requireEmailVerification: boolean },
  auth: unknown,
): Promise<{ userId: string; sessionId: string }> {
  const token = typeof auth === 'object' && auth !== null && 'token' in auth ? (auth as { token: unknown }).token : undefined;
  if (typeof token !== 'string' || token === '') throw new HandshakeError('UNAUTHORIZED', messages.unauthorized);
  const claims = await deps.tokens.verify(token);
  if (!claims) throw new HandshakeError('UNAUTHORIZED', messages.sessionExpired);
  if (claims.expired) throw new HandshakeError('TOKEN_EXPIRED', messages.sessionExpired);
  const [row] = await deps.db
    .select({ id: users.id, isActive: users.isActive, emailVerified: users.emailVerified, sessionId: loginSessions.id })
    .from(users)
    .leftJoin(loginSessions, and(eq(loginSessions.id, claims.sid), eq(loginSessions.userId, users.id), isNull(loginSessions.revokedAt)))
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row) throw new HandshakeError('UNAUTHORIZED', messages.sessionExpired);
  if (!row.isActive) throw new HandshakeError('ACCOUNT_DISABLED', messages.accountDisabled);
  if (row.sessionId === null) throw new HandshakeError('UNAUTHORIZED', messages.sessionExpired);
  if (deps.requireEmailVerification && !row.emailVerified) throw new HandshakeError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
  return { userId: row.id, sessionId: row.sessionId };
}
