import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.ts';
import { eraseStaleGraceTokens, revokeAllSessions } from '../src/services/auth/sessions.ts';
import { sha256 } from '../src/services/auth/random-token.ts';
import { loginReq, register, signedUp, STRONG_PASSWORD } from './support/auth.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('login, me, refresh-token, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const refresh = (refreshToken: string) => t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });

  it('login answers {user, token, refreshToken}; the email is matched case-insensitively', async () => {
    await register(t, { email: 'ana@example.com', user_name: 'Ana' });
    const res = await loginReq(t, 'ANA@Example.com');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ana@example.com',
      user_name: 'Ana',
      role: 'ADMIN',
      email_verified: false,
      phone_number: null,
      two_factor_enabled: false,
    });
    expect(body.token.split('.')).toHaveLength(3);
    // The refresh token is stored only hashed.
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(body.refreshToken);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('401 "Email o contraseña incorrectos" for a wrong password and for an unknown email alike', async () => {
    for (const res of [await loginReq(t, 'ana@example.com', 'Mala123!'), await loginReq(t, 'nadie@example.com')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Email o contraseña incorrectos', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('403 ACCOUNT_DISABLED for a deactivated account with the right password', async () => {
    await register(t, { email: 'off@example.com' });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.email, 'off@example.com'));
    const res = await loginReq(t, 'off@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Tu cuenta está desactivada. Contacta al administrador.', code: 'ACCOUNT_DISABLED' });
    expect((await loginReq(t, 'off@example.com', 'Mala123!')).statusCode).toBe(401);
  });

  it('GET /me answers {user}, also for an unverified user; 401 without a token', async () => {
    const { token, user } = (await loginReq(t, 'ana@example.com')).json();
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user });
    expect((await t.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('refresh rotates: a new pair, the new access token works, the old refresh token is spent', async () => {
    const first = (await loginReq(t, 'ana@example.com')).json();
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(Object.keys(next).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: next.accessToken })).statusCode).toBe(200);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('a retry within 10 s of a rotation answers the same successor (two tabs stay signed in)', async () => {
    const first = (await loginReq(t, 'ana@example.com')).json();
    const a = (await refresh(first.refreshToken)).json();
    t.clock.advance(9_000);
    const b = await refresh(first.refreshToken);
    expect(b.statusCode).toBe(200);
    expect(b.json().refreshToken).toBe(a.refreshToken);
    expect((await refresh(a.refreshToken)).statusCode).toBe(200);
  });

  it('reuse after the grace window revokes the whole family', async () => {
    const first = (await loginReq(t, 'ana@example.com')).json();
    const second = (await refresh(first.refreshToken)).json();
    t.clock.advance(11_000);
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Sesión expirada. Por favor inicia sesión nuevamente.', code: 'UNAUTHORIZED' });
    // The legitimate holder of the successor is signed out too: the chain is compromised.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    // Another login (another family) is untouched.
    const other = (await loginReq(t, 'ana@example.com')).json();
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('the successor kept for the grace window is stored encrypted and erased when the window ends', async () => {
    const first = (await loginReq(t, 'ana@example.com')).json();
    const second = (await refresh(first.refreshToken)).json();
    const [row] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(first.refreshToken)));
    expect(row!.graceTokenEnc).toBeTruthy();
    expect(row!.graceTokenEnc).not.toContain(second.refreshToken);
    expect(t.ctx.secrets.grace.open(row!.graceTokenEnc!)).toBe(second.refreshToken);
    t.clock.advance(11_000);
    // What the timer after each rotation and the periodic sweep run.
    await eraseStaleGraceTokens(t.ctx.db, t.clock.now);
    const [after] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(first.refreshToken)));
    expect(after!.graceTokenEnc).toBeNull();
  });

  it('an unknown or expired refresh token is 401; an invalid body is 400', async () => {
    expect((await refresh('no-such-token')).statusCode).toBe(401);
    const s = (await loginReq(t, 'ana@example.com')).json();
    t.clock.advance(31 * 86_400_000);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: {} })).statusCode).toBe(400);
  });

  it('refresh of a deactivated user is 403 ACCOUNT_DISABLED', async () => {
    await register(t, { email: 'bob@example.com' });
    const s = (await loginReq(t, 'bob@example.com')).json();
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.email, 'bob@example.com'));
    const res = await refresh(s.refreshToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('logout answers 204 and ends that session only', async () => {
    const a = (await loginReq(t, 'ana@example.com')).json();
    const b = (await loginReq(t, 'ana@example.com')).json();
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: a.refreshToken } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: 'unknown' } })).statusCode).toBe(204);
  });

  it('revokeAllSessions ends every session of the user and no one else', async () => {
    const ana1 = (await loginReq(t, 'ana@example.com')).json();
    const ana2 = (await loginReq(t, 'ana@example.com')).json();
    const carla = await signedUp(t, 'carla@example.com');
    await revokeAllSessions(t.ctx.db, ana1.user.id);
    expect((await refresh(ana1.refreshToken)).statusCode).toBe(401);
    expect((await refresh(ana2.refreshToken)).statusCode).toBe(401);
    expect((await refresh(carla.refreshToken)).statusCode).toBe(200);
  });
});

describe('login rate limit (docs/product.md#account-security: 5 failures / 15 min per email, 20 per address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await register(t, { email: 'rl@example.com' });
  });
  afterAll(async () => t.close());

  it('the 6th attempt is 429 even with the right password, from any new address; it lifts after 15 min', async () => {
    for (let i = 0; i < 5; i++) expect((await loginReq(t, 'rl@example.com', 'Mala123!', `10.0.0.${i + 10}`)).statusCode).toBe(401);
    const blocked = await loginReq(t, 'rl@example.com', STRONG_PASSWORD, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.', code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await loginReq(t, 'rl@example.com', STRONG_PASSWORD, '10.0.0.2')).statusCode).toBe(429);
    t.clock.advance(10 * 60_000);
    expect((await loginReq(t, 'RL@example.com', STRONG_PASSWORD, '10.0.0.1')).json().error).toContain('5 minutos');
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await loginReq(t, 'rl@example.com', STRONG_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  it('a success clears the email failures', async () => {
    for (let i = 0; i < 4; i++) await loginReq(t, 'rl@example.com', 'Mala123!', '10.0.0.3');
    expect((await loginReq(t, 'rl@example.com', STRONG_PASSWORD, '10.0.0.3')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginReq(t, 'rl@example.com', 'Mala123!', '10.0.0.99')).statusCode).toBe(401);
    expect((await loginReq(t, 'rl@example.com', STRONG_PASSWORD, '10.0.0.98')).statusCode).toBe(200);
  });

  it('the counters live in the database, so a second instance on it sees them', async () => {
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 5; i++) await loginReq(t, 'rl@example.com', 'Mala123!', '10.0.0.4');
    const { buildApp } = await import('../src/app.ts');
    const second = await buildApp({ config: t.ctx.config, database: t.database, logger: false, now: t.ctx.now, webDist: '/nonexistent' });
    await second.app.ready();
    try {
      const res = await second.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'rl@example.com', password: STRONG_PASSWORD },
        remoteAddress: '10.0.0.5',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.app.close();
    }
  });
});
