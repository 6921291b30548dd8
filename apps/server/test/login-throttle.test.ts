import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginReq, register, STRONG_PASSWORD } from './support/auth.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const login = (t: TestApp, email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

describe('login throttling without TRUST_PROXY (docs/product.md#account-security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await register(t, { email: 'victim@example.com' });
    await register(t, { email: 'other@example.com' });
  });
  afterAll(async () => t.close());

  it('a forged X-Forwarded-For is ignored: 8 wrong passwords with 8 different headers are 401 ×5 then 429', async () => {
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await login(t, 'victim@example.com', 'Mala123!', '203.0.113.7', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('the victim still signs in from an address they signed in from in the last 30 days', async () => {
    // other@ signs in from its usual address, then someone elsewhere fails 5 times on its email.
    expect((await login(t, 'other@example.com', STRONG_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await login(t, 'other@example.com', 'Mala123!', '203.0.113.50');
    expect((await login(t, 'other@example.com', STRONG_PASSWORD, '203.0.113.51')).statusCode).toBe(429);
    expect((await login(t, 'other@example.com', STRONG_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // …but not once that address is older than 30 days.
    t.clock.advance(31 * 86_400_000);
    for (let i = 0; i < 5; i++) await login(t, 'other@example.com', 'Mala123!', '203.0.113.50');
    expect((await login(t, 'other@example.com', STRONG_PASSWORD, '192.0.2.10')).statusCode).toBe(429);
  });

  it('per address: 20 failures across different emails → 429 for any email, known or not', async () => {
    for (let i = 0; i < 20; i++) expect((await login(t, `nobody${i}@example.com`, 'Mala123!', '203.0.113.99')).statusCode).toBe(401);
    expect((await login(t, 'nobody-new@example.com', 'Mala123!', '203.0.113.99')).statusCode).toBe(429);
    expect((await login(t, 'victim@example.com', STRONG_PASSWORD, '203.0.113.99')).statusCode).toBe(429);
    expect((await login(t, 'nobody-new@example.com', 'Mala123!', '203.0.113.98')).statusCode).toBe(401);
  });

  it('checked and counted atomically: a parallel burst of 12 wrong logins gets at most 5 401s', async () => {
    await register(t, { email: 'burst@example.com' });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login(t, 'burst@example.com', 'Mala123!', `100.64.0.${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 401).length + codes.filter((c) => c === 429).length).toBe(12);
  });
});

describe('login throttling with TRUST_PROXY', () => {
  it('a hop count: the address the trusted proxy saw is the client', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      await register(t, { email: 'p@example.com' });
      for (let i = 0; i < 20; i++) await login(t, `x${i}@example.com`, 'Mala123!', '10.0.0.1', '198.51.100.1');
      // The same proxy, another client behind it: not blocked.
      expect((await login(t, 'y@example.com', 'Mala123!', '10.0.0.1', '198.51.100.2')).statusCode).toBe(401);
      expect((await login(t, 'y@example.com', 'Mala123!', '10.0.0.1', '198.51.100.1')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('a list of proxies: the header counts only when the socket is one of them', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.1.0.0/16, 192.0.2.1' });
    try {
      for (let i = 0; i < 20; i++) await login(t, `x${i}@example.com`, 'Mala123!', '10.1.2.3', '198.51.100.1');
      expect((await login(t, 'y@example.com', 'Mala123!', '192.0.2.1', '198.51.100.1')).statusCode).toBe(429);
      expect((await login(t, 'y@example.com', 'Mala123!', '10.1.2.3', '198.51.100.2')).statusCode).toBe(401);
      // An untrusted socket's header is ignored: it is judged by its own address.
      expect((await login(t, 'y@example.com', 'Mala123!', '203.0.113.1', '198.51.100.1')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('loginReq helper still works (no header, socket address)', () => {
  it('signs in', async () => {
    const t = await createTestApp();
    try {
      await register(t, { email: 'h@example.com' });
      expect((await loginReq(t, 'h@example.com')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
