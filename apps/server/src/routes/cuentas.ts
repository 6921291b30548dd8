import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCuadreSchema,
  createCuentaSchema,
  createMovimientoSchema,
  dayKeySchema,
  messages,
  movimientosQuerySchema,
  todayKey,
  updateCuentaSchema,
  updateMovimientoSchema,
} from '@arb/shared';
import type { AppContext } from '../context.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { actorOf } from '../services/ledgers/actor.ts';
import { createCuadre, listCuadres } from '../services/cuentas/cuadres-service.ts';
import { createCuenta, deleteCuenta, listCuentas, updateCuenta } from '../services/cuentas/cuentas-service.ts';
import { createMovimiento, deleteMovimiento, listMovimientos, updateMovimiento } from '../services/cuentas/movimientos-service.ts';
import { parseIdempotencyKey } from '../services/transactions/create-transaction.ts';

const ledgerParams = z.object({ id: z.uuid({ error: messages.ledgerNotFound }) });
const cuentaParams = z.object({ id: z.uuid({ error: messages.ledgerNotFound }), cuentaId: z.uuid({ error: messages.cuentaNotFound }) });
const movParams = z.object({ id: z.uuid({ error: messages.ledgerNotFound }), movId: z.uuid({ error: messages.movNotFound }) });
const cuentasQuery = z.object({ fecha: z.optional(dayKeySchema), archivadas: z.enum(['true', 'false']).optional() });

/**
 * Accounts, movements and cuadres of a ledger (docs/api.md#cuentas): every member reads (404
 * outside the ledger); writes need the balance permission, which each service asks the shared
 * permission module for.
 */
export async function cuentaRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: ctx.guards.user };

  app.get('/api/ledgers/:id/cuentas', { ...guard, schema: { params: ledgerParams, querystring: cuentasQuery } }, async (request, reply) => {
    await loadMembership(ctx.db, request.params.id, request.user.id);
    const fecha = request.query.fecha ?? todayKey(ctx.config.APP_TIMEZONE, ctx.now());
    reply.header('cache-control', 'no-store');
    return listCuentas(ctx.db, request.params.id, fecha, request.query.archivadas === 'true');
  });

  app.post('/api/ledgers/:id/cuentas', { ...guard, schema: { params: ledgerParams, body: createCuentaSchema } }, async (request, reply) => {
    const cuenta = await createCuenta(ctx, actorOf(ctx, request), request.params.id, request.body);
    return reply.status(201).send({ cuenta });
  });

  app.put(
    '/api/ledgers/:id/cuentas/:cuentaId',
    { ...guard, schema: { params: cuentaParams, body: updateCuentaSchema } },
    async (request) => ({
      cuenta: await updateCuenta(ctx, actorOf(ctx, request), request.params.id, request.params.cuentaId, request.body),
    }),
  );

  app.delete('/api/ledgers/:id/cuentas/:cuentaId', { ...guard, schema: { params: cuentaParams } }, async (request, reply) => {
    await deleteCuenta(ctx, actorOf(ctx, request), request.params.id, request.params.cuentaId);
    return reply.status(204).send();
  });

  app.get('/api/ledgers/:id/cuentas/:cuentaId/cuadres', { ...guard, schema: { params: cuentaParams } }, async (request) => {
    await loadMembership(ctx.db, request.params.id, request.user.id);
    return listCuadres(ctx.db, request.params.id, request.params.cuentaId);
  });

  app.post(
    '/api/ledgers/:id/cuentas/:cuentaId/cuadres',
    { ...guard, schema: { params: cuentaParams, body: createCuadreSchema } },
    async (request, reply) => {
      const cuadre = await createCuadre(ctx, actorOf(ctx, request), request.params.id, request.params.cuentaId, request.body);
      return reply.status(201).send({ cuadre });
    },
  );

  app.get(
    '/api/ledgers/:id/movimientos',
    { ...guard, schema: { params: ledgerParams, querystring: movimientosQuerySchema } },
    async (request) => {
      await loadMembership(ctx.db, request.params.id, request.user.id);
      return listMovimientos(ctx.db, request.params.id, request.query);
    },
  );

  app.post(
    '/api/ledgers/:id/movimientos',
    { ...guard, schema: { params: ledgerParams, body: createMovimientoSchema } },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const movimiento = await createMovimiento(ctx, actorOf(ctx, request), request.params.id, request.body, key);
      return reply.status(201).send({ movimiento });
    },
  );

  app.put(
    '/api/ledgers/:id/movimientos/:movId',
    { ...guard, schema: { params: movParams, body: updateMovimientoSchema } },
    async (request) => ({
      movimiento: await updateMovimiento(ctx, actorOf(ctx, request), request.params.id, request.params.movId, request.body),
    }),
  );

  app.delete('/api/ledgers/:id/movimientos/:movId', { ...guard, schema: { params: movParams } }, async (request, reply) => {
    await deleteMovimiento(ctx, actorOf(ctx, request), request.params.id, request.params.movId);
    return reply.status(204).send();
  });
}
