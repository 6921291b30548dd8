import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { messages } from '@arb/shared';
import { AppError } from '../lib/errors.ts';
import type { AccessTokens } from '../lib/access-token.ts';
import { users } from '../db/schema.ts';
import type { Db } from '../db/database.ts';

export interface AuthUser {
  id: string;
  email: string;
  role: 'USER' | 'ADMIN';
  emailVerified: boolean;
  membershipEnd: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hooks; routes behind them can rely on it. */
    user: AuthUser;
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
  async function load(request: FastifyRequest, opts: AuthOptions): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'UNAUTHORIZED', messages.unauthorized);
    const claims = await deps.tokens.verify(token);
    if (!claims) throw new AppError(401, 'UNAUTHORIZED', messages.sessionExpired);
    if (claims.expired) throw new AppError(401, 'TOKEN_EXPIRED', messages.sessionExpired);
    const [row] = await deps.db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
        emailVerified: users.emailVerified,
        membershipEnd: users.membershipEnd,
      })
      .from(users)
      .where(eq(users.id, claims.sub))
      .limit(1);
    if (!row) throw new AppError(401, 'UNAUTHORIZED', messages.sessionExpired);
    if (!row.isActive) throw new AppError(403, 'ACCOUNT_DISABLED', messages.accountDisabled);
    if (deps.requireEmailVerification && !row.emailVerified && !opts.allowUnverified) {
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    }
    if (opts.admin && row.role !== 'ADMIN') throw new AppError(403, 'FORBIDDEN', messages.adminOnly);
    request.user = { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerified, membershipEnd: row.membershipEnd };
  }
  return {
    user: async (request: FastifyRequest, _reply: FastifyReply) => load(request, {}),
    userAllowUnverified: async (request: FastifyRequest, _reply: FastifyReply) => load(request, { allowUnverified: true }),
    admin: async (request: FastifyRequest, _reply: FastifyReply) => load(request, { admin: true }),
  };
}

export type AuthGuards = ReturnType<typeof authGuards>;

export function registerAuthDecorators(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as AuthUser);
}
