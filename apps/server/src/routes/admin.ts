import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminEmailSchema,
  adminUsersQuerySchema,
  approveProofSchema,
  idParamsSchema,
  rejectProofSchema,
  roleSchema,
  setMembershipSchema,
} from '@arb/shared';
import type { AppContext } from '../context.ts';
import { queryAdminUsers } from '../services/admin/admin-users-query.ts';
import { approveProof, rejectProof } from '../services/admin/proof-review.ts';
import { deleteUser, setActive, setEmail, setMembershipEnd, setRole, type AdminDeps } from '../services/admin/user-admin.ts';
import { userTransactions } from '../services/admin/user-transactions.ts';
import { userPaymentProofs } from '../services/admin/user-proofs.ts';
import { adminResetTwoFactor } from '../services/auth/two-factor.ts';

/** The admin calls (docs/api.md); every one behind the ADMIN guard (403 for anyone else). */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AdminDeps = { db: ctx.db, bus: ctx.bus, now: ctx.now, appUrl: ctx.config.APP_URL, timeZone: ctx.config.APP_TIMEZONE };
  const secret = ctx.config.JWT_SECRET;
  const admin = { onRequest: ctx.guards.admin };
  const withId = { ...admin, schema: { params: idParamsSchema } };

  // Bare array (docs/api.md#calls) without paging parameters; `{users,total,page,pageSize}` with them.
  r.get('/api/admin/users', { ...admin, schema: { querystring: adminUsersQuerySchema } }, async (request) => {
    const q = request.query;
    const paged = q.page !== undefined || q.pageSize !== undefined || q.search !== undefined || q.sort !== undefined;
    if (!paged) return (await queryAdminUsers(ctx.db, ctx.now(), { timeZone: ctx.config.APP_TIMEZONE })).users;
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 25;
    const result = await queryAdminUsers(ctx.db, ctx.now(), { ...q, page, pageSize, timeZone: ctx.config.APP_TIMEZONE });
    return { users: result.users, total: result.total, page, pageSize };
  });

  // docs/product.md#account-security: an admin turns a user's two-factor off (lost phone and recovery codes).
  r.delete('/api/admin/users/:id/2fa', withId, async (request, reply) => {
    await adminResetTwoFactor(ctx.db, request.params.id, ctx.now());
    return reply.status(204).send();
  });

  r.get('/api/admin/users/:id/transactions', withId, async (request) => userTransactions(ctx.db, request.params.id));

  r.get('/api/admin/users/:id/payment-proofs', withId, async (request) => {
    return { paymentProofs: await userPaymentProofs(ctx.db, request.params.id, secret, ctx.now()) };
  });

  r.post(
    '/api/admin/payment-proofs/:id/approve',
    { ...withId, schema: { params: idParamsSchema, body: approveProofSchema.nullish() } },
    async (request) => ({
      user: await approveProof(deps, request.user.id, request.params.id, request.body?.days ?? ctx.config.MEMBERSHIP_PERIOD_DAYS),
    }),
  );

  r.post(
    '/api/admin/payment-proofs/:id/reject',
    { ...withId, schema: { params: idParamsSchema, body: rejectProofSchema.nullish() } },
    async (request) => ({
      paymentProof: await rejectProof(deps, request.user.id, request.params.id, request.body?.reason ?? null, secret),
    }),
  );

  r.patch(
    '/api/admin/users/:id/membership',
    { ...withId, schema: { params: idParamsSchema, body: setMembershipSchema } },
    async (request) => ({
      user: await setMembershipEnd(
        deps,
        request.params.id,
        request.body.membership_end === null ? null : new Date(request.body.membership_end),
      ),
    }),
  );

  r.patch('/api/admin/users/:id/activate', withId, async (request) => ({
    user: await setActive(deps, request.user.id, request.params.id, true),
  }));
  r.patch('/api/admin/users/:id/deactivate', withId, async (request) => ({
    user: await setActive(deps, request.user.id, request.params.id, false),
  }));

  r.patch('/api/admin/users/:id/role', { ...withId, schema: { params: idParamsSchema, body: roleSchema } }, async (request) => ({
    user: await setRole(deps, request.user.id, request.params.id, request.body.role),
  }));

  r.patch('/api/admin/users/:id/email', { ...withId, schema: { params: idParamsSchema, body: adminEmailSchema } }, async (request) => ({
    user: await setEmail(deps, request.user.id, request.params.id, request.body.email),
  }));

  r.delete('/api/admin/users/:id', withId, async (request, reply) => {
    await deleteUser(deps, request.user.id, request.params.id);
    return reply.status(204).send();
  });
}
