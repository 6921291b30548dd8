import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { waitForMail } from './support/control.ts';
import { linkFrom } from '../apps/server/test/support/smtp-sink.ts';
import { fillLogin, loginAs, registerUser, registerVerifiedUser, verificationToken } from './support/users.ts';

/** A JWT-shaped token whose expiry is long past (the app reads only its middle part). */
const expiredJwt = () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', role: 'USER', exp: Math.floor(Date.now() / 1000) - 3600 })}.firma`;
};

describe('accounts and sessions', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser();
  });
  afterEach(async () => s.close());

  it('register → verification mail → verify → login → /dashboard', async () => {
    const { page } = s;
    const email = `nueva-${Date.now().toString(36)}@e2e.test`;
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Arbitraje USD/VES' }).waitFor();
    await page.getByText('Sistema de seguimiento de operaciones').waitFor();
    await page.getByRole('tab', { name: 'Registrarse' }).click();
    const form = page.getByRole('form', { name: 'Registrarse' });
    await form.getByLabel('Nombre de usuario').fill('María Pérez');
    await form.getByLabel('Email', { exact: true }).fill(`  ${email}`);
    await form.getByLabel('Email', { exact: true }).blur();
    await form.getByText('El email no debe contener espacios al inicio o final').waitFor();
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Contraseña', { exact: true }).fill('abc');
    // Score 0: 'Muy débil' with two hints, 3/8 on the counter.
    await form.getByText('Muy débil: Usa al menos 8 caracteres, Combina mayúsculas y minúsculas').waitFor();
    await form.getByText('3/8').waitFor();
    await form.getByLabel('Contraseña', { exact: true }).fill('Secreta123!');
    await form.getByText('Fuerte', { exact: true }).waitFor();
    await form.getByText('11/8').waitFor();
    await form.getByRole('button', { name: 'Mostrar contraseña' }).first().click();
    expect(await form.getByLabel('Contraseña', { exact: true }).getAttribute('type')).toBe('text');
    await form.getByLabel('Confirmar contraseña').fill('Secreta123!');
    await form.getByRole('button', { name: 'Registrarse' }).click();
    await form.getByText('Usuario registrado exitosamente. Por favor verifica tu email.').waitFor();
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await screenshot(page, 'auth-registered');
    // After 3 s the login tab comes back by itself.
    await page.getByRole('form', { name: 'Iniciar Sesión' }).waitFor({ timeout: 6_000 });

    const mail = await waitForMail(email, /verify-email\?token=/);
    expect(mail.raw).toContain('Subject: Verifica tu email');
    await page.goto(linkFrom(mail, '/verify-email'));
    await page.getByText('¡Email Verificado!').waitFor();
    await page.getByRole('link', { name: 'Ir al inicio de sesión' }).click();
    await fillLogin(page, { email, password: 'Secreta123!' });
    await page.waitForURL(/\/dashboard/);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { email: string; role: string });
    expect(user).toMatchObject({ email, role: 'USER' });
  });

  it('a wrong password shows the server message in a dismissable banner', async () => {
    const user = await registerVerifiedUser();
    await s.page.goto('/login');
    await fillLogin(s.page, { email: user.email, password: 'Incorrecta1!' });
    const alert = s.page.getByRole('alert').filter({ hasText: 'Email o contraseña incorrectos' });
    await alert.waitFor();
    await alert.getByRole('button', { name: /close|cerrar/i }).click();
    await alert.waitFor({ state: 'detached' });
  });

  it('forgot → reset → login with the new password', async () => {
    const { page } = s;
    const user = await registerVerifiedUser();
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/forgot-password');
    // The URL changes before the lazily loaded page replaces the login form (React keeps the old
    // screen during the transition): wait for the new form before typing.
    await page.getByRole('button', { name: 'Enviar Instrucciones' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Enviar Instrucciones' }).click();
    await page.getByText('Si el email existe, se enviarán instrucciones para restablecer tu contraseña.').waitFor();

    const mail = await waitForMail(user.email, /reset-password\?token=/);
    await page.goto(linkFrom(mail, '/reset-password'));
    await page.getByLabel('Nueva contraseña').fill('Cambiada456?');
    await page.getByLabel('Confirmar contraseña').fill('Cambiada456!');
    await page.getByLabel('Confirmar contraseña').blur();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    await page.getByLabel('Confirmar contraseña').fill('Cambiada456?');
    await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
    await page.getByText('Contraseña restablecida exitosamente. Redirigiendo al login...').waitFor();
    await page.waitForURL('**/login', { timeout: 8_000 });
    // The login page says why the user is there (issue 36: it said nothing).
    await page.getByRole('status').getByText('Contraseña actualizada: inicia sesión con tu nueva contraseña').waitFor();

    await fillLogin(page, user);
    await page.getByText('Email o contraseña incorrectos').waitFor();
    await loginAs(page, { email: user.email, password: 'Cambiada456?' });
  });

  it('an unverified user is sent to /verify-email-required, and goes on once verified', async () => {
    const { page } = s;
    const user = await registerUser();
    await page.goto('/login');
    await fillLogin(page, user);
    await page.waitForURL('**/verify-email-required');
    await page.getByTestId('verify-address').getByText(user.email).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL('**/verify-email-required');
    // The sign-up mail started the 30 s cooldown: the server says how long to wait.
    await page.getByRole('button', { name: 'Reenviar email de verificación' }).click();
    await page.getByText(/Espera \d+ segundos antes de solicitar otro email\./).waitFor();

    const token = await verificationToken(user.email);
    await fetch(`${s.baseURL}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    await page.getByRole('button', { name: 'Ya verifiqué mi email' }).click();
    await page.waitForURL(/\/dashboard/);
  });

  it('an expired access token is refreshed silently on start', async () => {
    const { page } = s;
    const user = await registerVerifiedUser();
    await loginAs(page, user);
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    const stale = expiredJwt();
    // Plant the stale token from a same-origin page that runs no app code: a dashboard still
    // loading would refresh with the same refresh token as the next page, and the server takes a
    // reused refresh token for a stolen one (the session ends).
    await page.goto('/manifest.webmanifest');
    await page.evaluate((t) => localStorage.setItem('authToken', t), stale);
    await page.goto('/dashboard');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('refreshToken'))).not.toBe(before);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).not.toBe(stale);
    const me = await fetch(`${s.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('after login: a pending invite first, else the page the visitor wanted', async () => {
    const { page } = s;
    const user = await registerVerifiedUser();
    await page.goto('/history');
    await page.waitForURL('**/login');
    await fillLogin(page, user);
    await page.waitForURL('**/history');

    // Change storage from a same-origin page that runs no app code, so the signed-in app cannot
    // navigate on its own (its session just vanished) while the test goes to /login.
    await page.goto('/manifest.webmanifest');
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('pendingInvite', 'codigo123');
    });
    await page.goto('/login');
    await fillLogin(page, user);
    await page.waitForURL('**/join/codigo123');
  });

  it('a refresh token that no longer works signs the user out with "Sesión expirada"', async () => {
    const { page } = s;
    const user = await registerVerifiedUser();
    await loginAs(page, user);
    await page.evaluate((t) => {
      localStorage.setItem('authToken', t);
      localStorage.setItem('refreshToken', 'revocado');
    }, expiredJwt());
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByText('Sesión expirada. Por favor inicia sesión nuevamente.').waitFor();
  });
});
