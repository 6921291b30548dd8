import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messages } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { listActivity } from '../services/activity/activity-list.ts';
import { restoreActivity } from '../services/activity/restore-activity.ts';
import { actorOf } from '../services/ledgers/actor.ts';

const pageQuery = z.object({
  before: z.coerce.number({ error: messages.validationFailed }).int().positive().optional(),
  limit: z.coerce.number({ error: messages.validationFailed }).int().min(1).max(100).default(50),
});

const restoreParams = z.object({
  id: z.uuid({ error: messages.notFound }),
  activityId: z.coerce.number({ error: messages.validationFailed }).int().positive(),
});

/**
 * GET /api/ledgers/:id/activity?before=&limit=: the ledger's activity log, newest first, members only.
 * POST /api/ledgers/:id/activity/:activityId/restore: undo a delete or a reset (docs/product.md#undo).
 */
export async function activityRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/ledgers/:id/activity',
    { onRequest: ctx.guards.user, schema: { params: idParamsSchema, querystring: pageQuery } },
    async (request) => {
      // Members only: loadMembership answers 404 outside the ledger; reading needs nothing more.
      await loadMembership(ctx.db, request.params.id, request.user.id);
      return listActivity(ctx.db, request.params.id, request.query.before, request.query.limit);
    },
  );
  app.post(
    '/api/ledgers/:id/activity/:activityId/restore',
    { onRequest: ctx.guards.user, schema: { params: restoreParams } },
    async (request) => restoreActivity(ctx, actorOf(ctx, request), request.params.id, request.params.activityId),
  );
}
