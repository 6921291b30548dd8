import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@arb/shared';
import { AppError } from '../lib/errors.ts';
import type { AccessTokens } from '../lib/access-token.ts';
import { loginSessions, users } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { accountColumns, loadAccountAndMembership, type AccountRow, type Membership } from '../services/ledger-access.ts';

export interface AuthUser {
  id: string;
  email: string;
  role: 'USER' | 'ADMIN';
  emailVerified: boolean;
  membershipEnd: Date | null;
  /** The login session of the access token (DESIGN §16). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hooks; routes behind them can rely on it. */
    user: AuthUser;
    /** Set by the `member` guard: the caller's membership of the route's ledger. */
    membership: Membership;
    /** The verified token's subject and session, between the `member` guard's two hooks. */
    authSubject: string;
    authSession: string;
  }
}

export interface AuthOptions {
  /** Allow a user whose email is not verified yet (auth/me, resend). */
  allowUnverified?: boolean;
  admin?: boolean;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Builds the onRequest hooks that authenticate a request: a valid access JWT, an active account,
 * a verified email where required (DESIGN §4). The user row is read on every call so that a
 * deactivation or a role change takes effect at once.
 */
export function authGuards(deps: { db: Db; tokens: AccessTokens; requireEmailVerification: boolean }) {
  async function subject(request: FastifyRequest): Promise<{ sub: string; sid: string }> {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'UNAUTHORIZED', messages.unauthorized);
    const claims = await deps.tokens.verify(token);
    if (!claims) throw new AppError(401, 'UNAUTHORIZED', messages.sessionExpired);
    if (claims.expired) throw new AppError(401, 'TOKEN_EXPIRED', messages.sessionExpired);
    return { sub: claims.sub, sid: claims.sid };
  }
  function admit(request: FastifyRequest, row: AccountRow | undefined, sid: string, opts: AuthOptions): void {
    if (!row) throw new AppError(401, 'UNAUTHORIZED', messages.sessionExpired);
    // Deactivation ends the sessions too, but says why first.
    if (!row.isActive) throw new AppError(403, 'ACCOUNT_DISABLED', messages.accountDisabled);
    // A session ended (logout, closed from another device, password reset): its tokens stop now.
    if (!row.sessionLive) throw new AppError(401, 'UNAUTHORIZED', messages.sessionExpired);
    if (deps.requireEmailVerification && !row.emailVerified && !opts.allowUnverified) {
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    }
    if (opts.admin && row.role !== 'ADMIN') throw new AppError(403, 'FORBIDDEN', messages.adminOnly);
    request.user = { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerified, membershipEnd: row.membershipEnd, sessionId: sid };
  }
  async function load(request: FastifyRequest, opts: AuthOptions): Promise<void> {
    const { sub, sid } = await subject(request);
    const [row] = await deps.db
      .select({ ...accountColumns, sessionId: loginSessions.id })
      .from(users)
      .leftJoin(loginSessions, and(eq(loginSessions.id, sid), eq(loginSessions.userId, users.id), isNull(loginSessions.revokedAt)))
      .where(eq(users.id, sub))
      .limit(1);
    admit(request, row && { ...row, sessionLive: row.sessionId !== null }, sid, opts);
  }
  return {
    user: async (request: FastifyRequest, _reply: FastifyReply) => load(request, {}),
    userAllowUnverified: async (request: FastifyRequest, _reply: FastifyReply) => load(request, { allowUnverified: true }),
    admin: async (request: FastifyRequest, _reply: FastifyReply) => load(request, { admin: true }),
    /**
     * For routes scoped to one ledger: the same checks as `user`, plus the caller's membership of
     * the ledger `ledgerIdOf` names (404 outside it, DESIGN §3), read together in one query. The
     * token is checked before the body is validated, as on every other route; the lookup runs
     * after validation, once the ledger id is known to be well-formed.
     */
    member: (ledgerIdOf: (request: FastifyRequest) => string) => ({
      onRequest: async (request: FastifyRequest, _reply: FastifyReply) => {
        const { sub, sid } = await subject(request);
        request.authSubject = sub;
        request.authSession = sid;
      },
      preHandler: async (request: FastifyRequest, _reply: FastifyReply) => {
        const { account, membership } = await loadAccountAndMembership(deps.db, request.authSubject, ledgerIdOf(request), request.authSession);
        admit(request, account, request.authSession, {});
        if (!membership) throw new AppError(404, 'NOT_FOUND', messages.ledgerNotFound);
        request.membership = membership;
      },
    }),
  };
}

export type AuthGuards = ReturnType<typeof authGuards>;

export function registerAuthDecorators(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('membership', null as unknown as Membership);
  app.decorateRequest('authSubject', '');
  app.decorateRequest('authSession', '');
}
