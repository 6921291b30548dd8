import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../src/db/schema.ts';
import { recoveryCodeDigest } from '../src/services/auth/totp.ts';
import { loginReq, signedUp, STRONG_PASSWORD } from './support/auth.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { totpCode } from './support/totp.ts';
import { createUser } from './support/users.ts';

describe('two-factor (TOTP, docs/product.md#account-security)', () => {
  let t: TestApp;
  let secret = '';
  let codes: string[] = [];
  let token = '';
  beforeAll(async () => {
    t = await createTestApp();
    // A fixed start on a 30 s boundary, so each step below is known.
    t.clock.set(new Date(Math.floor(Date.now() / 30_000) * 30_000 + 5_000));
    token = (await signedUp(t, 'ana@example.com')).token;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, tok?: string) => t.request({ method: 'POST', url, payload, ...(tok ? { token: tok } : {}) });
  const code = () => totpCode(secret, t.clock.now.getTime());

  it('setup asks the current password (400 INVALID_PASSWORD, never 401) and answers a secret and an otpauth URL', async () => {
    const wrong = await post('/api/auth/2fa/setup', { password: 'Mala123!' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'La contraseña actual es incorrecta', code: 'INVALID_PASSWORD' });
    expect((await post('/api/auth/2fa/setup', { password: STRONG_PASSWORD })).statusCode).toBe(401);
    const res = await post('/api/auth/2fa/setup', { password: STRONG_PASSWORD }, token);
    expect(res.statusCode).toBe(200);
    secret = res.json().secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.json().otpauthUrl).toContain(`secret=${secret}`);
    // Stored encrypted, not readable.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect(row!.totpPendingSecretEnc).not.toContain(secret);
  });

  it('enable: a wrong code is 400 TOTP_INVALID; the right one answers ten recovery codes, stored hashed', async () => {
    const wrong = await post('/api/auth/2fa/enable', { password: STRONG_PASSWORD, code: '000000' === code() ? '111111' : '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Código de verificación inválido', code: 'TOTP_INVALID' });
    const res = await post('/api/auth/2fa/enable', { password: STRONG_PASSWORD, code: code() }, token);
    expect(res.statusCode).toBe(200);
    codes = res.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    const stored = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes).not.toContain(s.codeHash);
    // Issue 36: keyed with the server's secret, not the bare SHA-256 a copy could test guesses against.
    const bare = codes.map(recoveryCodeDigest);
    for (const s of stored) {
      expect(s.codeHash).toMatch(/^h1:[0-9a-f]{64}$/);
      for (const b of bare) expect(s.codeHash).not.toContain(b);
    }
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).json().user.two_factor_enabled).toBe(true);
  });

  it('login answers {mfaRequired, mfaToken} and no tokens; the mfaToken is no Bearer token', async () => {
    const res = await loginReq(t, 'ana@example.com');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['mfaRequired', 'mfaToken']);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: res.json().mfaToken })).statusCode).toBe(401);
  });

  it('login/2fa with a code of the next step signs in; the same code again is refused (replay)', async () => {
    t.clock.advance(30_000);
    const used = code();
    const first = (await loginReq(t, 'ana@example.com')).json();
    const ok = await post('/api/auth/login/2fa', { mfaToken: first.mfaToken, code: used });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: ok.json().token })).statusCode).toBe(200);
    // Single use mfaToken.
    expect((await post('/api/auth/login/2fa', { mfaToken: first.mfaToken, code: used })).json().code).toBe('MFA_EXPIRED');
    const second = (await loginReq(t, 'ana@example.com')).json();
    const replay = await post('/api/auth/login/2fa', { mfaToken: second.mfaToken, code: used });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Código de verificación inválido', code: 'MFA_CODE_INVALID' });
  });

  it('a recovery code works once', async () => {
    const a = (await loginReq(t, 'ana@example.com')).json();
    expect((await post('/api/auth/login/2fa', { mfaToken: a.mfaToken, code: codes[0]!.toUpperCase() })).statusCode).toBe(200);
    const b = (await loginReq(t, 'ana@example.com')).json();
    expect((await post('/api/auth/login/2fa', { mfaToken: b.mfaToken, code: codes[0] })).statusCode).toBe(401);
  });

  it('a code stored unkeyed before issue 36 is keyed at start-up and still works, once', async () => {
    const [ana] = await t.ctx.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    const old = 'abcde-fghjk';
    await t.ctx.db.insert(recoveryCodes).values({ userId: ana!.id, codeHash: recoveryCodeDigest(old) });
    // Another instance of the server (same JWT_SECRET) starts on this database.
    const other = await createTestApp({ JWT_SECRET: t.ctx.config.JWT_SECRET }, { database: t.database });
    await other.close();
    const left = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, ana!.id));
    expect(left.map((r) => r.codeHash)).not.toContain(recoveryCodeDigest(old));
    expect(left.every((r) => r.codeHash.startsWith('h1:'))).toBe(true);
    const a = (await loginReq(t, 'ana@example.com')).json();
    expect((await post('/api/auth/login/2fa', { mfaToken: a.mfaToken, code: 'ABCDE FGHJK' })).statusCode).toBe(200);
    const b = (await loginReq(t, 'ana@example.com')).json();
    expect((await post('/api/auth/login/2fa', { mfaToken: b.mfaToken, code: old })).statusCode).toBe(401);
  });

  it('5 wrong codes end the mfaToken; an expired one (5 minutes) is refused', async () => {
    const a = (await loginReq(t, 'ana@example.com', STRONG_PASSWORD, '192.0.2.44')).json();
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login/2fa',
        payload: { mfaToken: a.mfaToken, code: 'zzzzz-zzzzz' },
        remoteAddress: '192.0.2.44',
      });
      expect(res.statusCode).toBe(401);
    }
    t.clock.advance(30_000);
    const late = await t.request({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { mfaToken: a.mfaToken, code: code() },
      remoteAddress: '192.0.2.44',
    });
    expect(late.json()).toEqual({ error: 'La verificación expiró. Inicia sesión nuevamente.', code: 'MFA_EXPIRED' });
    const b = (await loginReq(t, 'ana@example.com')).json();
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await post('/api/auth/login/2fa', { mfaToken: b.mfaToken, code: code() })).json().code).toBe('MFA_EXPIRED');
    expect((await post('/api/auth/login/2fa', { mfaToken: 'x', code: '' })).statusCode).toBe(400);
  });

  it('wrong second-factor codes count as login failures of the email', async () => {
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 5; i++) {
      const m = (await loginReq(t, 'ana@example.com', STRONG_PASSWORD, `198.51.100.${i}`)).json();
      await t.request({
        method: 'POST',
        url: '/api/auth/login/2fa',
        payload: { mfaToken: m.mfaToken, code: 'zzzzz-zzzzz' },
        remoteAddress: `198.51.100.${i}`,
      });
    }
    expect((await loginReq(t, 'ana@example.com', STRONG_PASSWORD, '198.51.100.77')).statusCode).toBe(429);
  });

  it('disable asks password and a code; an admin can reset it (DELETE /api/admin/users/:id/2fa)', async () => {
    t.clock.advance(16 * 60_000);
    expect((await post('/api/auth/2fa/disable', { password: STRONG_PASSWORD, code: 'zzzzz-zzzzz' }, token)).statusCode).toBe(400);
    expect((await post('/api/auth/2fa/disable', { password: 'Mala123!', code: code() }, token)).json().code).toBe('INVALID_PASSWORD');
    expect((await post('/api/auth/2fa/disable', { password: STRONG_PASSWORD, code: code() }, token)).statusCode).toBe(204);
    expect(Object.keys((await loginReq(t, 'ana@example.com')).json()).sort()).toEqual(['refreshToken', 'token', 'user']);

    // On again, then reset by an admin.
    t.clock.advance(30_000);
    secret = (await post('/api/auth/2fa/setup', { password: STRONG_PASSWORD }, token)).json().secret;
    expect((await post('/api/auth/2fa/enable', { password: STRONG_PASSWORD, code: code() }, token)).statusCode).toBe(200);
    const admin = await createUser(t, { email: 'root@example.com', role: 'ADMIN' });
    const plain = await createUser(t, { email: 'plain@example.com' });
    const [ana] = await t.ctx.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${ana!.id}/2fa`, token: plain.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${ana!.id}/2fa`, token: admin.token })).statusCode).toBe(204);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/2fa', token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect(Object.keys((await loginReq(t, 'ana@example.com')).json()).sort()).toEqual(['refreshToken', 'token', 'user']);
    const list = (await t.request({ method: 'GET', url: '/api/admin/users', token: admin.token })).json() as {
      email: string;
      two_factor_enabled: boolean;
    }[];
    expect(list.find((u) => u.email === 'ana@example.com')!.two_factor_enabled).toBe(false);
  });
});
