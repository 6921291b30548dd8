import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLedgerSchema,
  idParamsSchema,
  inviteCodeSchema,
  joinLedgerSchema,
  ledgerSettingsSchema,
  addDays,
  pnlQuerySchema,
  positionQuerySchema,
  todayKey,
  ledgerMemberParamsSchema,
  memberPermissionsSchema,
  renameLedgerSchema,
  resetLedgerSchema,
  transferOwnershipSchema,
} from '@arb/shared';
import type { AppContext } from '../context.ts';
import { actorOf } from '../services/ledgers/actor.ts';
import { getInvite, inviteInfo, joinLedger, regenerateInvite } from '../services/ledgers/ledger-invites.ts';
import { createLedger, deleteLedger, renameLedger, resetLedgerDay } from '../services/ledgers/ledger-lifecycle.ts';
import { expelMember, leaveLedger, setMemberPermissions } from '../services/ledgers/ledger-members.ts';
import { setLedgerSettings } from '../services/ledgers/ledger-settings.ts';
import { transferOwnership } from '../services/ledgers/ledger-owner.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { ledgerPnl } from '../services/avg-cost/pnl.ts';
import { ledgerPosition } from '../services/avg-cost/position.ts';
import { ledgersOf } from '../services/ledgers/ledger-view.ts';

/** docs/api.md ledger rows. Permissions are checked by the services through `authorize` (docs/product.md#permissions). */
export async function ledgerRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: ctx.guards.user };

  app.get('/api/ledgers', auth, async (request) => ledgersOf(ctx.db, request.user.id));

  app.post('/api/ledgers', { ...auth, schema: { body: createLedgerSchema } }, async (request, reply) => {
    const ledger = await createLedger(ctx, actorOf(ctx, request), request.body.name);
    return reply.status(201).send({ ledger });
  });

  app.put('/api/ledgers/:id/name', { ...auth, schema: { params: idParamsSchema, body: renameLedgerSchema } }, async (request) => ({
    ledger: await renameLedger(ctx, actorOf(ctx, request), request.params.id, request.body.name),
  }));

  app.put('/api/ledgers/:id/settings', { ...auth, schema: { params: idParamsSchema, body: ledgerSettingsSchema } }, async (request) => ({
    ledger: await setLedgerSettings(ctx, actorOf(ctx, request), request.params.id, request.body),
  }));

  app.put('/api/ledgers/:id/owner', { ...auth, schema: { params: idParamsSchema, body: transferOwnershipSchema } }, async (request) => ({
    ledger: await transferOwnership(ctx, actorOf(ctx, request), request.params.id, request.body.userId),
  }));

  // docs/product.md#profit-method-and-position: members only (a non-member gets 404 from loadMembership); reading needs nothing more.
  const viewer = async (ledgerId: string, userId: string): Promise<void> => {
    await loadMembership(ctx.db, ledgerId, userId);
  };
  const today = () => todayKey(ctx.config.APP_TIMEZONE, ctx.now());

  app.get(
    '/api/ledgers/:id/position',
    { ...auth, schema: { params: idParamsSchema, querystring: positionQuerySchema } },
    async (request) => {
      await viewer(request.params.id, request.user.id);
      const { fecha = today(), tasa } = request.query;
      return ledgerPosition(ctx.db, request.params.id, fecha, tasa, ctx.config.APP_TIMEZONE);
    },
  );

  app.get('/api/ledgers/:id/pnl', { ...auth, schema: { params: idParamsSchema, querystring: pnlQuerySchema } }, async (request) => {
    await viewer(request.params.id, request.user.id);
    const hasta = request.query.hasta ?? today();
    const desde = request.query.desde ?? addDays(hasta, -29);
    return ledgerPnl(ctx.db, request.params.id, desde, hasta);
  });

  app.get('/api/ledgers/:id/invite', { ...auth, schema: { params: idParamsSchema } }, async (request) =>
    getInvite(ctx, actorOf(ctx, request), request.params.id),
  );

  app.post('/api/ledgers/:id/invite/regenerate', { ...auth, schema: { params: idParamsSchema } }, async (request) =>
    regenerateInvite(ctx, actorOf(ctx, request), request.params.id),
  );

  // Public (docs/api.md): the login page names the ledger a signed-out invitee was invited to
  // (issue 25). The 22-character random code is the secret; it reveals no more than joining would.
  app.get('/api/ledgers/invite-info/:code', { schema: { params: z.object({ code: inviteCodeSchema }) } }, async (request) =>
    inviteInfo(ctx, request.params.code),
  );

  app.post('/api/ledgers/join', { ...auth, schema: { body: joinLedgerSchema } }, async (request) => ({
    ledger: await joinLedger(ctx, actorOf(ctx, request), request.body.inviteCode),
  }));

  app.patch(
    '/api/ledgers/:id/members/:userId/permissions',
    { ...auth, schema: { params: ledgerMemberParamsSchema, body: memberPermissionsSchema } },
    async (request) => ({
      member: await setMemberPermissions(ctx, actorOf(ctx, request), request.params.id, request.params.userId, request.body),
    }),
  );

  app.delete('/api/ledgers/:id/members/:userId', { ...auth, schema: { params: ledgerMemberParamsSchema } }, async (request, reply) => {
    await expelMember(ctx, actorOf(ctx, request), request.params.id, request.params.userId);
    return reply.status(204).send();
  });

  app.delete('/api/ledgers/:id/leave', { ...auth, schema: { params: idParamsSchema } }, async (request, reply) => {
    await leaveLedger(ctx, actorOf(ctx, request), request.params.id);
    return reply.status(204).send();
  });

  app.delete('/api/ledgers/:id/reset', { ...auth, schema: { params: idParamsSchema, body: resetLedgerSchema } }, async (request, reply) => {
    await resetLedgerDay(ctx, actorOf(ctx, request), request.params.id, request.body.fecha);
    return reply.status(204).send();
  });

  app.delete('/api/ledgers/:id', { ...auth, schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteLedger(ctx, actorOf(ctx, request), request.params.id);
    return reply.status(204).send();
  });
}
