import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REFRESH_REUSE_GRACE_SECONDS,
  emailOnlySchema,
  loginSchema,
  loginSecondStepSchema,
  messages,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  verifyEmailSchema,
} from '@arb/shared';
import type { AppContext } from '../context.ts';
import { login } from '../services/auth/login.ts';
import { getSessionUser } from '../services/auth/me.ts';
import { forgotPassword, resetPassword } from '../services/auth/password-reset.ts';
import { registerUser } from '../services/auth/register.ts';
import {
  endOwnSession,
  endSession,
  eraseStaleGraceTokens,
  listSessions,
  revokeAllSessions,
  rotateRefreshToken,
  type ClientInfo,
} from '../services/auth/sessions.ts';
import { disableTwoFactor, enableTwoFactor, loginSecondStep, setupTwoFactor } from '../services/auth/two-factor.ts';

const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const sessionParams = z.object({ id: z.uuid() });
import { resendVerification, verifyEmail } from '../services/auth/verify-email.ts';

/** The auth rows of docs/api.md, docs/product.md#account-security. Public except /me, 2fa setup/enable/disable and sessions. */
export async function authRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/auth/register', { schema: { body: registerSchema } }, async (request, reply) => {
    await registerUser(ctx, request.body, request.ip);
    return reply.status(201).send({ message: messages.registerSuccess });
  });

  app.post('/api/auth/login', { schema: { body: loginSchema } }, async (request) => login(ctx, request.body, clientOf(request)));

  app.post('/api/auth/login/2fa', { schema: { body: loginSecondStepSchema } }, async (request) =>
    loginSecondStep(ctx, request.body, clientOf(request)),
  );

  app.post('/api/auth/refresh-token', { schema: { body: refreshSchema } }, async (request) => {
    try {
      const { accessToken, refreshToken } = await rotateRefreshToken(
        ctx.db,
        ctx.tokens,
        ctx.secrets.grace,
        request.body.refreshToken,
        ctx.now(),
      );
      // The encrypted successor is erased as its 10 s window ends (the periodic sweep is the backstop).
      setTimeout(
        () => {
          eraseStaleGraceTokens(ctx.db, ctx.now()).catch(() => undefined);
        },
        (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000,
      ).unref();
      return { accessToken, refreshToken };
    } catch (err) {
      const ended = err as { endedSessionId?: string; userId?: string };
      if (ended.endedSessionId && ended.userId)
        ctx.bus.publishUser({ kind: 'sessions-ended', userId: ended.userId, sessionIds: [ended.endedSessionId] });
      throw err;
    }
  });

  app.post('/api/auth/logout', { schema: { body: refreshSchema } }, async (request, reply) => {
    const ended = await endSession(ctx.db, request.body.refreshToken, ctx.now());
    if (ended) ctx.bus.publishUser({ kind: 'sessions-ended', userId: ended.userId, sessionIds: [ended.sessionId] });
    return reply.status(204).send();
  });

  app.get('/api/auth/sessions', { onRequest: ctx.guards.userAllowUnverified }, async (request) =>
    listSessions(ctx.db, request.user.id, request.user.sessionId, ctx.now()),
  );

  app.delete(
    '/api/auth/sessions/:id',
    { onRequest: ctx.guards.userAllowUnverified, schema: { params: sessionParams } },
    async (request, reply) => {
      await endOwnSession(ctx.db, request.user.id, request.params.id, ctx.now());
      ctx.bus.publishUser({ kind: 'sessions-ended', userId: request.user.id, sessionIds: [request.params.id] });
      return reply.status(204).send();
    },
  );

  app.post('/api/auth/logout-all', { onRequest: ctx.guards.userAllowUnverified }, async (request, reply) => {
    const sessionIds = await ctx.db.transaction((tx) => revokeAllSessions(tx, request.user.id, request.user.sessionId, ctx.now()));
    ctx.bus.publishUser({ kind: 'sessions-ended', userId: request.user.id, sessionIds });
    return reply.status(204).send();
  });

  app.post('/api/auth/2fa/setup', { onRequest: ctx.guards.userAllowUnverified, schema: { body: twoFactorSetupSchema } }, async (request) =>
    setupTwoFactor(ctx, request.user.id, request.body.password),
  );

  app.post(
    '/api/auth/2fa/enable',
    { onRequest: ctx.guards.userAllowUnverified, schema: { body: twoFactorEnableSchema } },
    async (request) => enableTwoFactor(ctx, request.user.id, request.body.password, request.body.code),
  );

  app.post(
    '/api/auth/2fa/disable',
    { onRequest: ctx.guards.userAllowUnverified, schema: { body: twoFactorDisableSchema } },
    async (request, reply) => {
      await disableTwoFactor(ctx, request.user.id, request.body.password, request.body.code);
      return reply.status(204).send();
    },
  );

  app.get('/api/auth/me', { onRequest: ctx.guards.userAllowUnverified }, async (request) => ({
    user: await getSessionUser(ctx.db, request.user.id),
  }));

  // Success only, never the profile: a used link may be in anyone's hands (issue 36).
  app.post('/api/auth/verify-email', { schema: { body: verifyEmailSchema } }, async (request) => {
    await verifyEmail(ctx, request.body.token);
    return { message: messages.verifySuccess };
  });

  app.post('/api/auth/resend-verification', { schema: { body: emailOnlySchema } }, async (request) => {
    await resendVerification(ctx, request.body.email);
    return { message: messages.resendSuccess };
  });

  app.post('/api/auth/forgot-password', { schema: { body: emailOnlySchema } }, async (request) => {
    await forgotPassword(ctx, request.body.email);
    return { message: messages.forgotSuccess };
  });

  app.post('/api/auth/reset-password', { schema: { body: resetPasswordSchema } }, async (request) => {
    await resetPassword(ctx, request.body.token, request.body.newPassword);
    return { message: messages.resetSuccess };
  });
}
