import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { lastToken, loginReq, outboxTo, register, STRONG_PASSWORD } from './support/auth.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('verify-email and resend-verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const verify = (token: unknown) => t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const resend = (email: string) => t.request({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });

  it('verifies with the mailed token: {message} only; re-opening it answers success again, never the profile', async () => {
    await register(t, { email: 'v@example.com', user_name: 'Vera' });
    const token = await lastToken(t, 'v@example.com', '/verify-email');
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    // Issue 36: whoever holds a used link (a forwarded mail, a shared screen) learns nothing of the
    // account — not its role, phone or id.
    expect(res.json()).toEqual({ message: '¡Email verificado exitosamente!' });
    const me = await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'v@example.com') });
    expect(me!.emailVerified).toBe(true);
    // Issue 25: the link that already worked (and any link of an already-verified user) says so
    // again instead of showing an error.
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('400 for a missing token (SPEC message), an unknown one, and one older than 24 h', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: {} });
    expect(missing.json()).toMatchObject({ error: 'Token de verificación no proporcionado' });
    expect((await verify('')).json()).toMatchObject({ error: 'Token de verificación no proporcionado' });
    expect((await verify('made-up')).statusCode).toBe(400);
    await register(t, { email: 'late@example.com' });
    const token = await lastToken(t, 'late@example.com', '/verify-email');
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('a token issued for an address the user no longer has does not verify the new one', async () => {
    await register(t, { email: 'old@example.com' });
    const token = await lastToken(t, 'old@example.com', '/verify-email');
    await t.ctx.db.update(users).set({ email: 'new@example.com' }).where(eq(users.email, 'old@example.com'));
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('resend: 429 with the seconds left within 30 s of the last mail, then a new link; the first link still works', async () => {
    await register(t, { email: 'r@example.com' });
    const firstToken = await lastToken(t, 'r@example.com', '/verify-email');
    t.clock.advance(12_000);
    const early = await resend('r@example.com');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ error: 'Espera 18 segundos antes de solicitar otro email.', code: 'RATE_LIMITED' });
    expect(early.headers['retry-after']).toBe('18');
    t.clock.advance(18_000);
    const ok = await resend('R@example.com');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Email de verificación enviado. Revisa tu bandeja de entrada.' });
    expect(await outboxTo(t, 'r@example.com')).toHaveLength(2);
    expect((await resend('r@example.com')).statusCode).toBe(429);
    const secondToken = await lastToken(t, 'r@example.com', '/verify-email');
    expect(secondToken).not.toBe(firstToken);
    // Issue 25: resending must not break the first email's link.
    expect((await verify(firstToken)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'r@example.com'));
    expect(row!.emailVerified).toBe(true);
    expect((await verify(secondToken)).statusCode).toBe(200);
  });

  it('resend answers the same for an unknown or already verified address, without mailing', async () => {
    const unknown = await resend('ghost@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(await outboxTo(t, 'ghost@example.com')).toHaveLength(0);
    t.clock.advance(31_000);
    const verified = await resend('v@example.com');
    expect(verified.statusCode).toBe(200);
    expect(await outboxTo(t, 'v@example.com')).toHaveLength(1);
  });

  it('unverified users reach /me but nothing behind the verified guard', async () => {
    await register(t, { email: 'unv@example.com' });
    const { token } = (await loginReq(t, 'unv@example.com')).json();
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).json().user.email_verified).toBe(false);
  });
});

describe('forgot-password and reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await register(t, { email: 'p@example.com' });
  });
  afterAll(async () => t.close());

  const forgot = (email: string) => t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (token: string, newPassword: string) =>
    t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

  it('answers the same whether the email exists or not; only an existing one gets a mail', async () => {
    const known = await forgot('P@example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'Si el email existe, se enviarán instrucciones para restablecer tu contraseña.' });
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxTo(t, 'nobody@example.com')).toHaveLength(0);
    const mails = (await outboxTo(t, 'p@example.com')).filter((m) => m.text.includes('/reset-password?token='));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Restablece tu contraseña');
  });

  it('a second request within 30 s answers the same but mails nothing', async () => {
    expect((await forgot('p@example.com')).statusCode).toBe(200);
    expect((await outboxTo(t, 'p@example.com')).filter((m) => m.text.includes('/reset-password'))).toHaveLength(1);
  });

  it('resets once: new password works, old does not, every session is revoked, the token is spent', async () => {
    const session = (await loginReq(t, 'p@example.com')).json();
    const token = await lastToken(t, 'p@example.com', '/reset-password');
    const res = await reset(token, 'Nueva456?');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Contraseña restablecida exitosamente. Redirigiendo al login...' });
    expect((await loginReq(t, 'p@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await loginReq(t, 'p@example.com', 'Nueva456?')).statusCode).toBe(200);
    const refreshed = await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: session.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    const again = await reset(token, 'Otra789!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'El enlace no es válido o ha expirado', code: 'VALIDATION_ERROR' });
  });

  it('a reset link expires after 1 hour', async () => {
    t.clock.advance(31_000);
    await forgot('p@example.com');
    const token = await lastToken(t, 'p@example.com', '/reset-password');
    t.clock.advance(3_600_000 + 1_000);
    expect((await reset(token, 'Nueva456?')).statusCode).toBe(400);
  });

  it('validates with the SPEC messages', async () => {
    expect((await reset('x', 'abc')).json()).toMatchObject({ error: 'La contraseña debe tener al menos 6 caracteres' });
    // The same strength rule as registration (issue 25): 'abcdef' scores 0 of 4.
    expect((await reset('x', 'abcdef')).json()).toMatchObject({
      error: 'La contraseña es muy débil. Por favor elige una contraseña más segura.',
    });
    const noToken = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'Nueva456?' } });
    expect(noToken.json()).toMatchObject({ error: 'Token de restablecimiento no válido' });
    expect((await forgot('')).json()).toMatchObject({ error: 'El email es requerido' });
  });
});
