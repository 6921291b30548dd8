import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { linkFrom } from '../apps/server/test/support/smtp-sink.ts';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { waitForMail } from './support/control.ts';

/*
 * Realtime collaboration (issue 8): two people, two browsers, one ledger. What one adds appears
 * on the other's screen without a reload.
 */
const TZ = 'America/Caracas';
const PASSWORD = 'Secreta123!';

interface Account {
  token: string;
  refreshToken: string;
  user: { id: string; email: string; user_name: string };
}

async function call<T>(s: Session, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(s.baseURL + url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A verified user, signed in in this browser (the auth screens have their own journeys). */
async function signUp(s: Session, name: string): Promise<Account> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await call(s, 'POST', '/api/auth/register', undefined, { email, password: PASSWORD, user_name: name });
  const link = linkFrom(await waitForMail(email, /verify-email/), '/verify-email');
  await call(s, 'POST', '/api/auth/verify-email', undefined, { token: new URL(link).searchParams.get('token') });
  const login = await call<Account>(s, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  await s.page.goto('/esto/no/existe');
  await s.page.evaluate((a) => {
    localStorage.setItem('authToken', a.token);
    localStorage.setItem('refreshToken', a.refreshToken);
    localStorage.setItem('userData', JSON.stringify(a.user));
  }, login);
  return login;
}

async function openDashboard(page: Page, ledgerId: string): Promise<void> {
  await page.goto(`/dashboard?ledger=${ledgerId}&date=${todayKey(TZ)}`);
  await page.getByTestId('balance-disponible-ves').waitFor();
  await page.getByText('Conectado en tiempo real').waitFor();
}

describe('realtime', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  /** Ana owns a ledger and Beto has joined it, each signed in in their own browser. */
  async function twoMembers() {
    const ana = await openBrowser();
    const beto = await openBrowser();
    sessions.push(ana, beto);
    const owner = await signUp(ana, 'Ana');
    const member = await signUp(beto, 'Beto');
    const ledgers = await call<Array<{ id: string; ownerId: string }>>(ana, 'GET', '/api/ledgers', owner.token);
    const ledgerId = ledgers.find((l) => l.ownerId === owner.user.id)!.id;
    const { inviteCode } = await call<{ inviteCode: string }>(ana, 'GET', `/api/ledgers/${ledgerId}/invite`, owner.token);
    await call(beto, 'POST', '/api/ledgers/join', member.token, { inviteCode });
    return { ana, beto, owner, ledgerId };
  }

  it('a transaction added by one member appears on the other member’s screen without reloading', async () => {
    const { ana, beto, ledgerId } = await twoMembers();

    await openDashboard(ana.page, ledgerId);
    await openDashboard(beto.page, ledgerId);
    // Beto's page must not reload: a marker on its window would be lost if it did.
    await beto.page.evaluate(() => Object.assign(window, { __sinRecargar: true }));
    expect(await beto.page.getByTestId('balance-disponible-usd').textContent()).toBe('0,00 USD');

    // Ana sells 100 USD at 40 and buys 80 USD at 39: available USD 0 − 100 + 80 = −20,00.
    await ana.page.getByLabel('Venta (USD)', { exact: true }).fill('100');
    await ana.page.getByLabel('Tasa de venta (Bs)', { exact: true }).fill('40');
    await ana.page.getByLabel('Compra (USD)', { exact: true }).fill('80');
    await ana.page.getByLabel('Tasa de compra (Bs)', { exact: true }).fill('39');
    await ana.page.getByRole('button', { name: 'Agregar Transacción' }).click();

    await expect.poll(() => beto.page.getByTestId('balance-disponible-usd').textContent(), { timeout: 10_000 }).toBe('-20,00 USD');
    expect(await beto.page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
    await screenshot(beto.page, 'realtime-member-sees-change');
  });

  it('the history of a ledger follows another member’s changes without reloading', async () => {
    const { ana, beto, owner, ledgerId } = await twoMembers();

    await beto.page.goto(`/ledger/${ledgerId}/history`);
    await beto.page.getByText('Este registro aún no tiene transacciones').waitFor();
    await beto.page.getByText('Conectado en tiempo real').waitFor();
    await beto.page.evaluate(() => Object.assign(window, { __sinRecargar: true }));

    await call(ana, 'POST', '/api/transactions', owner.token, { ledgerId, fecha: '2026-11-02', venta: 10, tasa_venta: 40 });
    await call(ana, 'POST', '/api/transactions', owner.token, { ledgerId, fecha: '2026-11-05', venta: 5, tasa_venta: 40 });
    await expect.poll(() => beto.page.getByTestId('days-chip').textContent().catch(() => null), { timeout: 10_000 }).toBe('2 días con transacciones');
    expect(await beto.page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
  });
});
