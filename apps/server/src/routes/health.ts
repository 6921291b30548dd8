import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { databaseAnswers } from '../services/health.ts';

/** Liveness and readiness: 200 only while the database answers. Public (routes/public-routes.ts). */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    if (await databaseAnswers(ctx.db)) return { status: 'ok', db: 'ok' };
    return reply.status(503).send({ status: 'error', db: 'unreachable' });
  });
}
