import { messages, type RealtimeErrorCode } from '@arb/shared';
import type { Db } from '../db/database.ts';
import type { AccessTokens } from '../lib/access-token.ts';
import { checkAccount, loadAccount } from '../services/auth/account.ts';

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
 * The HTTP guard's checks (plugins/auth.ts), once per connection: a valid access JWT from
 * `auth.token`, then the same account read and account check (services/auth/account.ts).
 * Resolves the user id; rejects with a HandshakeError (TOKEN_EXPIRED tells the web to refresh
 * and retry).
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
  const row = await loadAccount(deps.db, claims.sub, claims.sid);
  const verdict = checkAccount(row, deps.requireEmailVerification);
  if (!verdict.allowed) throw new HandshakeError(verdict.code as RealtimeErrorCode, messages[verdict.message]);
  return { userId: row!.id, sessionId: claims.sid };
}
