import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerDefaultDeny, routeAccessOf } from './default-deny.ts';

/** A stand-in for the `user` guard: refuses every request with 401. */
async function denyAll(_request: FastifyRequest, reply: FastifyReply) {
  await reply.status(401).send({ code: 'UNAUTHORIZED' });
}

async function appWith(register: (app: FastifyInstance) => void) {
  const app = Fastify();
  registerDefaultDeny(app, denyAll);
  register(app);
  await app.ready();
  return app;
}

describe('default-deny under /api (docs/conventions.md "Routes")', () => {
  it('guards a new route that neither is declared public nor names a guard', async () => {
    const app = await appWith((a) => a.get('/api/new-feature', async () => ({ secret: true })));
    const res = await app.inject({ method: 'GET', url: '/api/new-feature' });
    expect(res.statusCode).toBe(401);
    expect(routeAccessOf(app)).toContainEqual({ method: 'GET', url: '/api/new-feature', access: 'default guard' });
  });

  it('also guards routes registered inside a plugin scope', async () => {
    const app = await appWith(
      (a) => void a.register(async (scope: FastifyInstance) => void scope.post('/api/scoped', async () => ({ ok: true }))),
    );
    expect((await app.inject({ method: 'POST', url: '/api/scoped' })).statusCode).toBe(401);
  });

  it('leaves a route listed in routes/public-routes.ts open', async () => {
    const app = await appWith((a) => a.get('/api/health', async () => ({ status: 'ok' })));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(routeAccessOf(app)).toEqual([{ method: 'GET', url: '/api/health', access: 'public' }]);
  });

  it('does not open a listed path under another method', async () => {
    const app = await appWith((a) => a.delete('/api/health', async () => ({ gone: true })));
    expect((await app.inject({ method: 'DELETE', url: '/api/health' })).statusCode).toBe(401);
  });

  it("keeps a route's own guard", async () => {
    const own = async (_r: FastifyRequest, reply: FastifyReply) => void (await reply.status(403).send({ code: 'FORBIDDEN' }));
    const app = await appWith((a) => a.get('/api/admin/thing', { onRequest: own }, async () => ({})));
    expect((await app.inject({ method: 'GET', url: '/api/admin/thing' })).statusCode).toBe(403);
    expect(routeAccessOf(app)[0]?.access).toBe('own guard');
  });

  it('leaves non-API paths (the web app) alone', async () => {
    const app = await appWith((a) => a.get('/login', async () => 'page'));
    expect((await app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
    expect(routeAccessOf(app)).toEqual([]);
  });
});
