import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RATE_PANELS, rateAnswerSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';

/** GET /api/rates/oficial and /api/rates/paralelo (docs/api.md, docs/product.md#rates-and-export), for signed-in users. */
export async function ratesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const panel of RATE_PANELS) {
    r.get(`/api/rates/${panel}`, { onRequest: ctx.guards.user, schema: { response: { 200: rateAnswerSchema } } }, async () =>
      ctx.rates.get(panel),
    );
  }
}
