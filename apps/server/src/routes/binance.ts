import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { binanceLinkSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';

/**
 * The user's own Binance link (docs/api.md#binance-sync, DESIGN §23/§28): link (the key checked
 * with Binance first), read, erase, and "Sincronizar ahora". Every call is about the caller's own
 * link only; the ledger the link writes into is checked like adding a transaction.
 */
export async function binanceRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: ctx.guards.user };

  app.get('/api/integrations/binance', guard, async (request) => ctx.binance.status(request.user.id));

  app.put('/api/integrations/binance', { ...guard, schema: { body: binanceLinkSchema } }, async (request) =>
    ctx.binance.link(request.user, request.body),
  );

  app.delete('/api/integrations/binance', guard, async (request, reply) => {
    await ctx.binance.unlink(request.user.id);
    return reply.status(204).send();
  });

  // 200 with the result when the run ends within 10 s, else 202 {enCurso: true} (DESIGN §28).
  app.post('/api/integrations/binance/sync', guard, async (request, reply) => {
    const answer = await ctx.binance.syncNow(request.user.id);
    return answer === null ? reply.status(202).send({ enCurso: true }) : answer;
  });
}
