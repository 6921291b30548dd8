import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyBalanceInputSchema, dayKeySchema, uuidSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { getDailyBalance, putDailyBalance } from '../services/balances/daily-balance.ts';

/** A day's base balances (docs/api.md): read by any member, set by the owner or canModifyBalance. */
export async function dailyBalanceRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/daily-balances',
    { onRequest: ctx.guards.user, schema: { querystring: z.object({ ledgerId: uuidSchema, fecha: dayKeySchema }) } },
    async (request) => {
      // Members only: loadMembership answers 404 outside the ledger; reading needs nothing more.
      await loadMembership(ctx.db, request.query.ledgerId, request.user.id);
      return getDailyBalance(ctx.db, request.query.ledgerId, request.query.fecha);
    },
  );

  app.put(
    '/api/daily-balances/:ledgerId',
    { onRequest: ctx.guards.user, schema: { params: z.object({ ledgerId: uuidSchema }), body: dailyBalanceInputSchema } },
    async (request) => putDailyBalance(ctx, request.user, request.params.ledgerId, request.body),
  );
}
