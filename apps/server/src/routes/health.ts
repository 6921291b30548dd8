import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

/** Liveness and readiness: 200 only while the database answers. */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    try {
      await Promise.race([
        ctx.db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('health check timed out')), 2_000).unref()),
      ]);
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', db: 'unreachable' });
    }
  });
}
