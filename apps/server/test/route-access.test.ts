import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccessOf } from '../src/plugins/default-deny.ts';
import { PUBLIC_ROUTES } from '../src/routes/public-routes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The app's real route table against the one public list (routes/public-routes.ts): every /api
 * route is either listed or guarded, the list names no route that does not exist, and the
 * OpenAPI document (which the security sweep reads) marks exactly the listed ones as open.
 */
describe('route access: public only by declaration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('registers every /api route as public (listed) or guarded', () => {
    const routes = routeAccessOf(t.app);
    expect(routes.length).toBeGreaterThan(30);
    const open = routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    for (const r of routes) expect(['public', 'own guard', 'default guard'], `${r.method} ${r.url}`).toContain(r.access);
  });

  it('answers 401 without a token on every route that is not listed', async () => {
    for (const r of routeAccessOf(t.app).filter((x) => x.access !== 'public')) {
      const url = r.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.request({ method: r.method as 'GET', url });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('marks exactly the listed routes as open in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const open = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Array.isArray(op.security) && op.security.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // The document does not describe itself.
    expect(open.sort()).toEqual(PUBLIC_ROUTES.filter((r) => r !== 'GET /api/docs/openapi.json').sort());
  });
});
