import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailOnlySchema, loginSchema, messages, refreshSchema, registerSchema, resetPasswordSchema, verifyEmailSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { login } from '../services/auth/login.ts';
import { getSessionUser } from '../services/auth/me.ts';
import { forgotPassword, resetPassword } from '../services/auth/password-reset.ts';
import { registerUser } from '../services/auth/register.ts';
import { endSession, rotateRefreshToken } from '../services/auth/sessions.ts';
import { resendVerification, verifyEmail } from '../services/auth/verify-email.ts';

/** The auth rows of DESIGN §3. All public except /me. */
export async function authRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/auth/register', { schema: { body: registerSchema } }, async (request, reply) => {
    await registerUser(ctx, request.body);
    return reply.status(201).send({ message: messages.registerSuccess });
  });

  app.post('/api/auth/login', { schema: { body: loginSchema } }, async (request) => login(ctx, request.body, request.ip));

  app.post('/api/auth/refresh-token', { schema: { body: refreshSchema } }, async (request) =>
    rotateRefreshToken(ctx.db, ctx.tokens, request.body.refreshToken, ctx.now()),
  );

  app.post('/api/auth/logout', { schema: { body: refreshSchema } }, async (request, reply) => {
    await endSession(ctx.db, request.body.refreshToken, ctx.now());
    return reply.status(204).send();
  });

  app.get('/api/auth/me', { onRequest: ctx.guards.userAllowUnverified }, async (request) => ({
    user: await getSessionUser(ctx.db, request.user.id),
  }));

  app.post('/api/auth/verify-email', { schema: { body: verifyEmailSchema } }, async (request) => ({
    message: messages.verifySuccess,
    user: await verifyEmail(ctx, request.body.token),
  }));

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
