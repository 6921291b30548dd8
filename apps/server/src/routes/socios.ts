import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { capitalInicialSchema, dayKeySchema, liquidacionQuerySchema, messages, sociosResponseSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { actorOf } from '../services/ledgers/actor.ts';
import { aperturaCapitalInicial, registrarCapitalInicial } from '../services/socios/capital-inicial.ts';
import { listSocios } from '../services/socios/socios-nombrados.ts';
import { closeLiquidacion, listLiquidaciones, previewLiquidacion, reopenLiquidacion } from '../services/socios/liquidacion-service.ts';

const ledgerParams = z.object({ id: z.uuid({ error: messages.ledgerNotFound }) });
const liquidacionParams = z.object({
  id: z.uuid({ error: messages.ledgerNotFound }),
  lid: z.uuid({ error: messages.liquidacionNotFound }),
});

/**
 * Socios: the settlement preview, the closed periods and their reopening (docs/api.md#socios).
 * Every member reads (404 outside the ledger); closing and reopening are the owner's (403).
 */
export async function sociosRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: ctx.guards.user };

  app.get(
    '/api/ledgers/:id/liquidacion',
    { ...guard, schema: { params: ledgerParams, querystring: liquidacionQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return previewLiquidacion(ctx, request.user.id, request.params.id, request.query);
    },
  );

  app.get('/api/ledgers/:id/liquidaciones', { ...guard, schema: { params: ledgerParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listLiquidaciones(ctx, request.user.id, request.params.id);
  });

  // Everyone a retiro may name, by the server's own rule (DESIGN §28 "Former partners"): the
  // retiro's form reads it instead of piecing it together from other lists.
  app.get(
    '/api/ledgers/:id/socios',
    { ...guard, schema: { params: ledgerParams, response: { 200: sociosResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSocios(ctx.db, request.user.id, request.params.id);
    },
  );

  app.post(
    '/api/ledgers/:id/liquidaciones',
    { ...guard, schema: { params: ledgerParams, body: liquidacionQuerySchema } },
    async (request, reply) => {
      const liquidacion = await closeLiquidacion(ctx, actorOf(ctx, request), request.params.id, request.body);
      return reply.status(201).send({ liquidacion });
    },
  );

  // "Registrar capital inicial" (DESIGN §28 "Existing ledgers", decision 0056): the day's opening
  // balances for every member; the registration itself is the owner's (403), one change.
  app.get(
    '/api/ledgers/:id/socios/capital-inicial',
    { ...guard, schema: { params: ledgerParams, querystring: z.object({ fecha: dayKeySchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return aperturaCapitalInicial(ctx, request.user.id, request.params.id, request.query.fecha);
    },
  );

  app.post(
    '/api/ledgers/:id/socios/capital-inicial',
    { ...guard, schema: { params: ledgerParams, body: capitalInicialSchema } },
    async (request, reply) => {
      const apertura = await registrarCapitalInicial(ctx, actorOf(ctx, request), request.params.id, request.body);
      return reply.status(201).send(apertura);
    },
  );

  app.delete('/api/ledgers/:id/liquidaciones/:lid', { ...guard, schema: { params: liquidacionParams } }, async (request, reply) => {
    await reopenLiquidacion(ctx, actorOf(ctx, request), request.params.id, request.params.lid);
    return reply.status(204).send();
  });
}
