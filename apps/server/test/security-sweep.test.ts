import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicRoute } from '../src/routes/public-routes.ts';
import { addTransaction } from './support/transactions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

interface Operation {
  method: string;
  path: string;
  isPublic: boolean;
  hasBody: boolean;
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/**
 * Every API route, read from the OpenAPI document the app builds from its own route table, so a
 * route added later is swept too: bad tokens are 401, outsiders get 404 for ledger data, plain
 * users 403 on admin routes, garbage bodies 400 — never 200 for an outsider, never 500.
 */
describe('authorization sweep over every route', () => {
  let t: TestApp;
  let victim: TestUser;
  let outsider: TestUser;
  let ops: Operation[];
  let txId: string;

  beforeAll(async () => {
    t = await createTestApp();
    victim = await createUser(t);
    outsider = await createUser(t);
    txId = (await addTransaction(t, victim, victim.ledgerId, '2026-11-21', { venta: 10, tasa_venta: 40 })).id;
    const doc = (await t.request({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        // The one public list (routes/public-routes.ts); route-access.test.ts checks the document agrees.
        isPublic: isPublicRoute(method, path.replace(/\{(\w+)\}/g, ':$1')),
        hasBody: Boolean(op.requestBody),
      })),
    );
    expect(ops.length).toBeGreaterThan(25);
  });
  afterAll(async () => t.close());

  /** Fills path parameters and ledger queries with the victim's ids. */
  const urlFor = (op: Operation) => {
    const path = op.path
      .replace('{ledgerId}', victim.ledgerId)
      .replace('{userId}', victim.id)
      .replace('{code}', 'codigo-inexistente')
      .replace(
        '{id}',
        op.path.startsWith('/api/transactions') ? txId : op.path.startsWith('/api/admin/users') ? victim.id : victim.ledgerId,
      )
      .replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
    const query = `ledgerId=${victim.ledgerId}&fecha=2026-11-21`;
    return `${path}${path.includes('?') ? '&' : '?'}${query}`;
  };
  const body = (op: Operation) => (['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method) ? { fecha: '2026-11-21' } : undefined);

  it('answers 401 to a missing, garbage, alg:none, foreign-signed or expired token on every protected route', async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({ role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(victim.id)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const expired = await new SignJWT({ role: 'USER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(victim.id)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.ctx.config.JWT_SECRET));
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: victim.id, role: 'ADMIN', exp: now + 600 })}.`;
    const tampered = victim.token.replace(/\.[^.]+$/, '.AAAA');
    const protectedOps = ops.filter((op) => !op.isPublic);
    expect(protectedOps.length).toBeGreaterThan(20);
    for (const op of protectedOps) {
      for (const token of [undefined, 'basura', none, foreign, expired, tampered]) {
        const res = await t.request({ method: op.method as 'GET', url: urlFor(op), payload: body(op), token });
        expect(res.statusCode, `${op.method} ${op.path} with ${token?.slice(0, 12) ?? 'no token'}`).toBe(401);
        expect(res.json()).toMatchObject({ code: expect.stringMatching(/UNAUTHORIZED|TOKEN_EXPIRED/) });
      }
    }
  });

  it('never lets an outsider read or change another ledger: 404 (not a member) or 403 (admin only), never 2xx or 500', async () => {
    const scoped = ops.filter(
      (op) =>
        !op.isPublic &&
        // The caller's own things (their account, membership, notices, Binance link): no ledger in the path.
        // A link naming someone else's ledger is refused in binance-link.test.ts ("ledger rights").
        !/\/api\/(auth|health|rates|membership|notifications|docs|integrations)/.test(op.path) &&
        !['/api/ledgers', '/api/ledgers/join'].includes(op.path),
    );
    expect(scoped.length).toBeGreaterThan(10);
    for (const op of scoped) {
      const res = await t.request({ method: op.method as 'GET', url: urlFor(op), payload: body(op), token: outsider.token });
      const expected = op.path.startsWith('/api/admin') ? [403] : [400, 404];
      expect(expected, `${op.method} ${op.path} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    // Nothing of the victim's changed.
    const b = await t.request({
      method: 'GET',
      url: `/api/transactions/balances?ledgerId=${victim.ledgerId}&fecha=2026-11-21`,
      token: victim.token,
    });
    expect((b.json() as { transacciones_con_acumulados: unknown[] }).transacciones_con_acumulados).toHaveLength(1);
  });

  it('answers malformed JSON, wrong types and huge bodies with 4xx and a Spanish message, never a stack trace', async () => {
    const writes = ops.filter((op) => op.hasBody);
    expect(writes.length).toBeGreaterThan(10);
    for (const op of writes) {
      for (const payload of [
        '{"venta": ',
        '[1,2,3]',
        '"texto"',
        JSON.stringify({ venta: { $gt: 1 }, email: ['x'], name: 42, fecha: true }),
      ]) {
        const res = await t.request({
          method: op.method as 'POST',
          url: urlFor(op),
          payload,
          headers: { 'content-type': 'application/json' },
          token: victim.token,
        });
        expect(res.statusCode, `${op.method} ${op.path} ${payload} → ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${op.method} ${op.path} ${payload}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
      }
    }
    const huge = JSON.stringify({ ledgerId: victim.ledgerId, fecha: '2026-11-21', venta: 1, tasa_venta: 1, notas: 'x'.repeat(2_000_000) });
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      payload: huge,
      headers: { 'content-type': 'application/json' },
      token: victim.token,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('stores HTML and unicode in names and notes as text', async () => {
    const notas = '<img src=x onerror=alert(1)> «ñandú» 💵 =1+1';
    const tx = await addTransaction(t, victim, victim.ledgerId, '2026-11-22', { compra: 5, tasa_compra: 40, notas });
    expect(tx.notas).toBe(notas);
    const rename = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${victim.ledgerId}/name`,
      token: victim.token,
      payload: { name: '<b>Caja</b> ñ 💵' },
    });
    expect(rename.statusCode).toBe(200);
    expect((rename.json() as { ledger: { name: string } }).ledger.name).toBe('<b>Caja</b> ñ 💵');
  });
});
