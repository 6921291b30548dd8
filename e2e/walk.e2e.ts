import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkFrom } from '../apps/server/test/support/smtp-sink.ts';
import { todayKey } from '@arb/shared';
import { call, personalLedger, signUp } from './support/accounts.ts';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { waitForMail } from './support/control.ts';
import { E2E_ADMIN, fillLogin, loginAs, registerAdmin, registerVerifiedUser } from './support/users.ts';

/*
 * Issue 25, walked as our users do: the paths that lost an invitation at login, and sessions that
 * ended mid-use without a word.
 */

/** A JWT-shaped token whose expiry is long past (the app reads only its middle part). */
const expiredJwt = () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', role: 'USER', exp: Math.floor(Date.now() / 1000) - 3600 })}.firma`;
};

/** The owner's invite link for their personal ledger, renamed so the invitee can recognise it. */
async function inviteTo(s: Session, ledgerName: string): Promise<string> {
  const owner = await signUp(s, 'Olga');
  const ledgers = await call<Array<{ id: string; ownerId: string }>>(s, 'GET', '/api/ledgers', undefined, owner.token);
  const id = ledgers.find((l) => l.ownerId === owner.user.id)!.id;
  await call(s, 'PUT', `/api/ledgers/${id}/name`, { name: ledgerName }, owner.token);
  const { inviteCode } = await call<{ inviteCode: string }>(s, 'GET', `/api/ledgers/${id}/invite`, undefined, owner.token);
  return inviteCode;
}

/** Opens the invite signed out: kept as pending, then /login names the ledger (docs/product.md#screens, issue 25). */
async function openInviteSignedOut(page: Page, code: string, ledgerName: string): Promise<void> {
  await page.goto(`/join/${code}`);
  await page.waitForURL('**/login', { timeout: 6_000 });
  await page.getByText(`Te invitaron a «${ledgerName}». Inicia sesión o regístrate para unirte.`).waitFor();
}

/** The invitee lands on the invite and joins. */
async function joinFromInvite(page: Page, code: string, ledgerName: string): Promise<void> {
  await page.waitForURL(`**/join/${code}`);
  await page.getByRole('heading', { name: ledgerName }).waitFor();
  // It stays there: no second navigation takes the user away to their own dashboard.
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe(`/join/${code}`);
  await page.getByRole('button', { name: 'Unirse al Registro' }).click();
  await page.getByText('¡Te has unido al registro exitosamente!').waitFor();
}

describe('issue 25: invitations survive the way to login', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser();
  });
  afterEach(async () => s.close());

  it('a new partner registers from the invite, verifies by email, logs in from the mail page and joins', async () => {
    const { page } = s;
    const ledgerName = `Socios ${Date.now().toString(36)}`;
    const code = await inviteTo(s, ledgerName);
    await page.goto('/manifest.webmanifest'); // leave Olga's session: a fresh visitor
    await page.evaluate(() => localStorage.clear());

    await openInviteSignedOut(page, code, ledgerName);
    await screenshot(page, 'walk-login-invite-notice');
    const email = `socio-${Date.now().toString(36)}@e2e.test`;
    await page.getByRole('tab', { name: 'Registrarse' }).click();
    const form = page.getByRole('form', { name: 'Registrarse' });
    await form.getByLabel('Nombre de usuario').fill('Pablo Socio');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Contraseña', { exact: true }).fill('Secreta123!');
    await form.getByLabel('Confirmar contraseña').fill('Secreta123!');
    await form.getByRole('button', { name: 'Registrarse' }).click();
    await form.getByText('Usuario registrado exitosamente. Por favor verifica tu email.').waitFor();
    // Back on the login tab, the address just registered is kept.
    const login = page.getByRole('form', { name: 'Iniciar Sesión' });
    await login.waitFor({ timeout: 6_000 });
    expect(await login.getByLabel('Email', { exact: true }).inputValue()).toBe(email);

    // The verification mail's page, then its 'Ir al inicio de sesión' (a client-side link).
    await page.goto(linkFrom(await waitForMail(email, /verify-email\?token=/), '/verify-email'));
    await page.getByText('¡Email Verificado!').waitFor();
    await page.getByRole('link', { name: 'Ir al inicio de sesión' }).click();
    await page.getByText(`Te invitaron a «${ledgerName}»`, { exact: false }).waitFor();
    await fillLogin(page, { email, password: 'Secreta123!' });
    await joinFromInvite(page, code, ledgerName);
    expect(await page.evaluate(() => localStorage.getItem('pendingInvite'))).toBeNull();
  });

  it('via /forgot-password → "Volver al inicio de sesión" the invite still leads to /join', async () => {
    const { page } = s;
    const ledgerName = `Socios ${Date.now().toString(36)}`;
    const code = await inviteTo(s, ledgerName);
    const partner = await registerVerifiedUser({ name: 'Pablo Socio' });
    await page.goto('/manifest.webmanifest');
    await page.evaluate(() => localStorage.clear());

    await openInviteSignedOut(page, code, ledgerName);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('button', { name: 'Enviar Instrucciones' }).waitFor();
    await page.getByRole('link', { name: 'Volver al inicio de sesión' }).click();
    await page.getByRole('form', { name: 'Iniciar Sesión' }).waitFor();
    await fillLogin(page, partner);
    await joinFromInvite(page, code, ledgerName);
  });
});

describe('issue 25: a session that ends mid-use says why and comes back to the page', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser();
  });
  afterEach(async () => s.close());

  it('an expired session mid-use: "Sesión expirada…", and after login the page the user was on', async () => {
    const { page } = s;
    const user = await registerVerifiedUser({ name: 'Marta' });
    await loginAs(page, user);
    await page.getByRole('link', { name: 'Mi Membresía' }).click();
    await page.getByRole('button', { name: 'Editar información de contacto' }).click();
    // The sessions end elsewhere (e.g. a password reset) while the access token runs out.
    await page.evaluate((t) => {
      localStorage.setItem('authToken', t);
      localStorage.setItem('refreshToken', 'revocado');
    }, expiredJwt());
    await page.getByLabel('Nombre').fill('Marta Nueva');
    await page.getByRole('button', { name: 'Guardar' }).click();

    await page.waitForURL('**/login');
    await page.getByText('Sesión expirada. Por favor inicia sesión nuevamente.').waitFor();
    await fillLogin(page, user);
    await page.waitForURL('**/membership');
  });

  it('a deactivated user is told why at the moment it happens', async () => {
    const { page } = s;
    await registerAdmin();
    const user = await registerVerifiedUser({ name: 'Desactivada' });
    await loginAs(page, user);
    const admin = await call<{ token: string }>(s, 'POST', '/api/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    const me = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: string });
    await call(s, 'PATCH', `/api/admin/users/${me.id}/deactivate`, undefined, admin.token);

    // The server closes their realtime connection and refuses the reconnection: the app goes to
    // /login at once and says why, instead of a bare login form at the next click.
    await page.waitForURL('**/login');
    await page.getByText('Tu cuenta está desactivada. Contacta al administrador.').waitFor();
    await screenshot(page, 'walk-deactivated');
  });
});

describe('issue 25: money figures never break apart', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser({ viewport: { width: 360, height: 740 }, isMobile: true });
  });
  afterEach(async () => s.close());

  it('tens of millions of Bs.S stay on one line, whole and readable, on a 360 px phone', async () => {
    const { page } = s;
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const fecha = todayKey('America/Caracas');
    // Base 12.345.678,90 Bs.S; a sale of 25.000 USD at 405,55 → 10.138.750,00 Bs.S received.
    await call(s, 'PUT', `/api/daily-balances/${ledgerId}`, { saldo_base_ves: 12345678.9, saldo_base_usd: 250000, fecha }, ana.token);
    await call(s, 'POST', '/api/transactions', { ledgerId, fecha, venta: 25000, tasa_venta: 405.55 }, ana.token);
    await page.goto(`/dashboard?ledger=${ledgerId}&date=${fecha}`);
    await page.getByTestId('balance-disponible-ves').waitFor();
    await screenshot(page, 'walk-figures-360');

    const figures = await page.$$eval('[data-testid^="balance-"]', (els) =>
      els.map((e) => {
        const cs = getComputedStyle(e);
        return {
          text: e.textContent,
          lines: Math.round(e.getBoundingClientRect().height / parseFloat(cs.lineHeight)),
          overflow: e.scrollWidth - e.clientWidth,
          fontPx: parseFloat(cs.fontSize),
        };
      }),
    );
    expect(figures.length).toBeGreaterThanOrEqual(8);
    expect(figures.find((f) => f.text === '22.484.428,90 Bs.S')).toBeTruthy(); // 12.345.678,90 + 10.138.750,00
    for (const f of figures) {
      expect(f, f.text ?? '').toMatchObject({ lines: 1 });
      expect(f.overflow, f.text ?? '').toBeLessThanOrEqual(0);
      // Still readable: the narrowest tile (two per row at 360 px) holds 18 characters at ~11 px.
      expect(f.fontPx, f.text ?? '').toBeGreaterThanOrEqual(10.5);
    }
  });
});

describe('issue 25: a user whose email an admin changed is told', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser();
  });
  afterEach(async () => s.close());

  it('the next screen asks to verify the new address instead of a bare /login', async () => {
    const { page } = s;
    await registerAdmin();
    const user = await registerVerifiedUser({ name: 'Cambiada' });
    await loginAs(page, user);
    const admin = await call<{ token: string }>(s, 'POST', '/api/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    const me = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: string });
    const newEmail = `nueva-${Date.now().toString(36)}@e2e.test`;
    await call(s, 'PATCH', `/api/admin/users/${me.id}/email`, { email: newEmail }, admin.token);
    // The old address gets a notice; the new one the verification link.
    expect((await waitForMail(user.email, /Tu email fue cambiado/)).raw).toContain(newEmail);
    await waitForMail(newEmail, /verify-email\?token=/);

    // The app's next call hears EMAIL_NOT_VERIFIED (the ledger list, whose plain 403 ends the
    // session): the user is taken to the verification step with the new address, not to /login.
    await page.reload();
    await page.waitForURL('**/verify-email-required');
    await page.getByText(newEmail).waitFor();
    await screenshot(page, 'walk-email-changed');
  });
});
