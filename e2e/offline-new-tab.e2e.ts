import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, type Account } from './support/accounts.ts';
import { addSale, holdServiceWorker, waitForServiceWorker } from './support/offline.ts';
import { loginAs, registerVerifiedUser, type E2EUser } from './support/users.ts';

/*
 * Opening the app offline in a new tab (issue 36, docs/decisions/0032): whatever the order of
 * sign-in, first load, the service worker's arrival and the dashboard's early reads, a tab opened
 * without a connection shows the shell, the last day it read and what waits in the queue — never
 * only "Error de conexión al procesar la solicitud".
 */
const today = () => todayKey('America/Caracas');

/** Ana, verified, with one sale of 10 USD at 40 Bs already on today's list (not signed in anywhere). */
async function anaWithOneSale(s: Session): Promise<{ user: E2EUser; ana: Account; ledgerId: string }> {
  const user = await registerVerifiedUser({ name: 'Ana' });
  const ana = await call<Account>(s, 'POST', '/api/auth/login', { email: user.email, password: user.password });
  const ledgerId = await personalLedger(s, ana);
  await call(s, 'POST', '/api/transactions', { ledgerId, fecha: today(), venta: 10, tasa_venta: 40, notas: '' }, ana.token);
  return { user, ana, ledgerId };
}

/**
 * The dashboard with its day, its form and its tools down to the rates: each comes after the one
 * before (decisions 0025 and 0026), and what was never read online cannot come back offline.
 */
async function dashboardShown(page: Page): Promise<void> {
  await page.getByTestId('balance-disponible-ves').waitFor();
  await page.getByLabel('Venta (USD)', { exact: true }).waitFor();
  await page.getByTestId('rate-oficial-value').waitFor();
  await page.getByTestId('rate-paralelo-value').waitFor();
}

/**
 * Three sales typed offline, queued, at the fake market's rate (310,50 Bs): a rate far from the
 * parallel one asks first (docs/product.md#money), which is not this story.
 */
async function queueThreeSales(page: Page): Promise<void> {
  for (const venta of ['11', '12', '13']) await addSale(page, venta, '310,5');
  await expect.poll(() => page.getByTestId('queued-row').count()).toBe(3);
}

/** The tab is closed and a new one opens /dashboard, still offline. */
async function reopenInNewTab(context: BrowserContext, old: Page): Promise<Page> {
  await old.close();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/dashboard');
  return page;
}

/** The new tab shows the last day read, its list and the three queued sales, and no error. */
async function lastDayAndQueueShown(page: Page, available: string): Promise<void> {
  await page.getByText(/^Sin conexión · datos de las \d\d:\d\d$/).waitFor();
  expect(await page.getByTestId('balance-disponible-ves').textContent()).toBe(available);
  await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);
  await expect.poll(() => page.getByTestId('queued-row').count()).toBe(3);
  await page.getByTestId('pending-chip').getByText('3 pendientes').waitFor();
  await page.getByText('+3 pendientes, no incluidas en los saldos').waitFor();
  expect(await page.getByText(/Error de conexión/).count()).toBe(0);
  // The tools came back too: the rates are the last ones read, and nothing offers "Reintentar".
  await page.getByTestId('rate-paralelo-value').waitFor();
  expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
}

describe('a new tab opened offline', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('after sign-in and a reload while the service worker was still installing, shows the day, the list and the three queued sales', async () => {
    const s = await openBrowser();
    sessions.push(s);
    const { user } = await anaWithOneSale(s);
    // The worker's script comes late (a slow connection): the reload below is not controlled
    // yet, and the dashboard's early reads go past the worker, as in the report.
    const worker = await holdServiceWorker(s.context);

    // Ana signs in through the form, lands on her dashboard and reloads it, online.
    await loginAs(s.page, user);
    await dashboardShown(s.page);
    await s.page.reload();
    await dashboardShown(s.page);
    expect(await s.page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    const available = await s.page.getByTestId('balance-disponible-ves').textContent();
    worker.release();
    await waitForServiceWorker(s.page);

    // The connection drops; she queues three sales and closes the tab.
    await s.context.setOffline(true);
    await queueThreeSales(s.page);
    const page = await reopenInNewTab(s.context, s.page);

    await lastDayAndQueueShown(page, available!);
    await screenshot(page, 'offline-new-tab');
  });

  it('right after sign-in, without a reload, shows the day, the list and the three queued sales; a tap says why a button is disabled', async () => {
    const s = await openBrowser({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true });
    sessions.push(s);
    const { user } = await anaWithOneSale(s);

    // Ana signs in; the worker arrives and takes the page she is on. No reload.
    await loginAs(s.page, user);
    await dashboardShown(s.page);
    const available = await s.page.getByTestId('balance-disponible-ves').textContent();
    await waitForServiceWorker(s.page);

    await s.context.setOffline(true);
    await queueThreeSales(s.page);
    const page = await reopenInNewTab(s.context, s.page);

    await lastDayAndQueueShown(page, available!);

    // On the phone there is no hover: a tap on the disabled "Restablecer" says why, for a while.
    const reset = page.getByRole('button', { name: 'Restablecer' });
    expect(await reset.isDisabled()).toBe(true);
    const why = page.locator('.plain-hint', { has: reset }).getByRole('tooltip');
    expect(await why.isVisible()).toBe(false);
    // force: a disabled button is not "actionable", a finger taps it anyway. Under load the tools
    // may still be redrawn just after the page shows (decision 0024), taking a first tap's state with
    // them; a person taps again, and so does the story.
    await expect
      .poll(
        async () => {
          await reset.tap({ force: true });
          return why.getByText('Requiere conexión').isVisible();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true);
    await screenshot(page, 'offline-new-tab-phone-reason');
    await why.waitFor({ state: 'hidden', timeout: 6_000 });
  });
});
