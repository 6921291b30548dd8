import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RATE_PANELS, rateAnswerSchema, rateHistoryQuerySchema, type RateHistoryResponse } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { rateHistoryDays } from '../services/market/rate-days.ts';

/** GET /api/rates/oficial and /api/rates/paralelo (docs/api.md, docs/product.md#rates-and-export), for signed-in users. */
export async function ratesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const panel of RATE_PANELS) {
    r.get(`/api/rates/${panel}`, { onRequest: ctx.guards.user, schema: { response: { 200: rateAnswerSchema } } }, async () =>
      ctx.rates.get(panel),
    );
  }
  // DESIGN §24 (docs/api.md#rate-history): the rate of each day of the range (§28's rule), for signed-in users like the panel.
  r.get(
    '/api/rates/history',
    { onRequest: ctx.guards.user, schema: { querystring: rateHistoryQuerySchema } },
    async (request): Promise<RateHistoryResponse> => ({
      dias: await rateHistoryDays(ctx.db, ctx.config.APP_TIMEZONE, request.query.desde, request.query.hasta),
    }),
  );
}
