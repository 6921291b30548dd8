import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('GET /api/health answers ok while the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const { createTestApp: make } = await import('./support/test-app.ts');
    const other = await make();
    await other.database.pool.end();
    const res = await other.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ db: 'unreachable' });
    await other.app.close();
  });

  it('unknown API paths are a JSON 404 in Spanish', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso no encontrado', code: 'NOT_FOUND' });
  });

  it('sends strict security headers and no-store on the API', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Issue 36: the page may open a socket to its own host only (APP_URL is http://localhost:3000 here).
    const connect = /(?:^|;)\s*connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(connect).toBe("'self' ws://localhost:3000");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('runs on the database the run targets', async () => {
    const { rows } = await t.database.pool.query<{ n: string }>('select count(*)::text as n from drizzle.__drizzle_migrations');
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });
});

describe('OpenAPI document', () => {
  it('is served from the route schemas', async () => {
    const t = await createTestApp();
    try {
      const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toContain('/api/health');
    } finally {
      await t.close();
    }
  });
});
