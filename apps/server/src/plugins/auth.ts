import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { USER_ROLE_HEADER, messages, type AccountNeeds } from '@arb/shared';
import { AppError, refusal } from '../lib/errors.ts';
import type { AccessTokens } from '../lib/access-token.ts';
import type { Db } from '../db/database.ts';
import { checkAccount, loadAccount, toAuthUser, type AccountRow, type AuthUser } from '../services/auth/account.ts';
import { loadAccountAndMembership, type Membership } from '../services/ledger-access.ts';

// The type lives with the account check in services/auth/account.ts; re-exported for old imports.
export type { AuthUser } from '../services/auth/account.ts';

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

export type AuthOptions = AccountNeeds;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Builds the onRequest hooks that authenticate a request: a valid access JWT, then the shared
 * account check (services/auth/account.ts, the same one Socket.IO makes). Every /api route that
 * is not declared public gets `user` by default (routes/public-routes.ts); a route names another
 * guard only to ask for more (admin, a ledger's membership) or less (an unverified email).
 */
export function authGuards(deps: { db: Db; tokens: AccessTokens; requireEmailVerification: boolean }) {
  async function subject(request: FastifyRequest): Promise<{ sub: string; sid: string }> {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', messages.unauthorized);
    const claims = await deps.tokens.verify(token);
    if (!claims) throw new AppError('UNAUTHORIZED', messages.sessionExpired);
    if (claims.expired) throw new AppError('TOKEN_EXPIRED', messages.sessionExpired);
    return { sub: claims.sub, sid: claims.sid };
  }
  function admit(request: FastifyRequest, reply: FastifyReply, row: AccountRow | undefined, sid: string, opts: AuthOptions): void {
    // Said before the verdict, so a refusal tells it too: a demoted admin's 403 on /api/admin is
    // what makes the web re-read its user and leave /admin (issue 25).
    if (row) void reply.header(USER_ROLE_HEADER, row.role);
    const verdict = checkAccount(row, deps.requireEmailVerification, opts);
    if (!verdict.allowed) throw refusal(verdict);
    request.user = toAuthUser(row!, sid);
  }
  async function load(request: FastifyRequest, reply: FastifyReply, opts: AuthOptions): Promise<void> {
    const { sub, sid } = await subject(request);
    admit(request, reply, await loadAccount(deps.db, sub, sid), sid, opts);
  }
  return {
    user: async (request: FastifyRequest, reply: FastifyReply) => load(request, reply, {}),
    userAllowUnverified: async (request: FastifyRequest, reply: FastifyReply) => load(request, reply, { allowUnverified: true }),
    admin: async (request: FastifyRequest, reply: FastifyReply) => load(request, reply, { admin: true }),
    /**
     * For routes scoped to one ledger: the same checks as `user`, plus the caller's membership of
     * the ledger `ledgerIdOf` names (404 outside it, docs/product.md "Permissions"), read together
     * in one query. The token is checked before the body is validated, as on every other route;
     * the lookup runs after validation, once the ledger id is known to be well-formed.
     */
    member: (ledgerIdOf: (request: FastifyRequest) => string) => ({
      onRequest: async (request: FastifyRequest, _reply: FastifyReply) => {
        const { sub, sid } = await subject(request);
        request.authSubject = sub;
        request.authSession = sid;
      },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { account, membership } = await loadAccountAndMembership(
          deps.db,
          request.authSubject,
          ledgerIdOf(request),
          request.authSession,
        );
        admit(request, reply, account, request.authSession, {});
        if (!membership) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
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
