import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AuthorizeOptions } from '../ledger-access.ts';
import type { AuthUser } from '../auth/account.ts';

/** Who is acting, with what `authorize` needs to know about them (docs/product.md "Permissions", "Memberships"). */
export interface Actor {
  user: AuthUser;
  access: AuthorizeOptions;
}

export function actorOf(ctx: AppContext, request: FastifyRequest): Actor {
  return {
    user: request.user,
    access: { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user: request.user, now: ctx.now() },
  };
}
