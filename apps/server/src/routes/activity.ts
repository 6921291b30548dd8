import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messages } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { authorize, loadMembership } from '../services/ledger-access.ts';
import { listActivity } from '../services/activity/activity-list.ts';

const pageQuery = z.object({
  before: z.coerce.number({ error: messages.validationFailed }).int().positive().optional(),
  limit: z.coerce.number({ error: messages.validationFailed }).int().min(1).max(100).default(50),
});

/** GET /api/ledgers/:id/activity?before=&limit=: the ledger's activity log, newest first, members only. */
export async function activityRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/ledgers/:id/activity',
    { onRequest: ctx.guards.user, schema: { params: idParamsSchema, querystring: pageQuery } },
    async (request) => {
      authorize(await loadMembership(ctx.db, request.params.id, request.user.id), 'view');
      return listActivity(ctx.db, request.params.id, request.query.before, request.query.limit);
    },
  );
}
