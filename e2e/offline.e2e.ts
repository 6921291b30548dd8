import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages, todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, ledgerWithTwoMembers, personalLedger, signUp, type Account } from './support/accounts.ts';
import { loginAs, registerVerifiedUser } from './support/users.ts';
import { parallelRateAt } from './support/rates.ts';

/*
 * Working offline (docs/product.md#working-offline, issue 21): a trader in Venezuela loses the connection in the middle
 * of the day. What they type meanwhile waits in the browser, survives a reload, and reaches the
 * server once — never lost, never doubled — when the connection returns.
 */
const TZ = 'America/Caracas';
const today = () => todayKey(TZ);

async function openDashboard(page: Page, ledgerId: string): Promise<void> {
  await page.goto(`/dashboard?ledger=${ledgerId}&date=${today()}`);
  await page.getByTestId('balance-disponible-ves').waitFor();
  // The form's code comes after the figures (decision 0025). Cut off before it arrives and before
  // the service worker controls the page, the form waits for the connection (shared/lib/import-when-online.ts);
  // a journey that goes offline right away would wait for a form that cannot come (CI, under load).
  await page.getByLabel('Venta (USD)', { exact: true }).waitFor();
}

/** The service worker controls the page and has cached the dashboard's reads (one reload under it). */
async function installOffline(page: Page, ledgerId: string): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await openDashboard(page, ledgerId);
}

async function addTransaction(page: Page, venta: string, tasa: string): Promise<void> {
  await page.getByLabel('Venta (USD)', { exact: true }).fill(venta);
  await page.getByLabel('Tasa de venta (Bs)', { exact: true }).fill(tasa);
  await page.getByRole('button', { name: 'Agregar Transacción' }).click();
  // The form is free again once the operation is sent or queued.
  await expect.poll(() => page.getByLabel('Venta (USD)', { exact: true }).inputValue()).toBe('');
}

/** The day's rows as the server has them. */
async function serverRows(s: Session, a: Account, ledgerId: string) {
  const day = await call<{ transacciones_con_acumulados: Array<{ venta: number; notas: string | null }> }>(
    s,
    'GET',
    `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${today()}`,
    undefined,
    a.token,
  );
  return day.transacciones_con_acumulados;
}

describe('working offline', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  // These trades are at about 40 Bs per dollar: the market the browsers see is at 40 too (support/rates.ts).
  const twoMembers = async () => {
    const members = await ledgerWithTwoMembers(sessions);
    await parallelRateAt(members.ana, 40);
    await parallelRateAt(members.beto, 40);
    return members;
  };

  it('three operations typed offline survive a reload and reach the server exactly once, and the other member sees them', async () => {
    const { ana, beto, owner, ledgerId } = await twoMembers();
    await openDashboard(ana.page, ledgerId);
    await installOffline(ana.page, ledgerId);
    await openDashboard(beto.page, ledgerId);

    // The connection drops. The figures stay, labelled with the time they were loaded.
    await ana.context.setOffline(true);
    await ana.page.getByText(/^Sin conexión · datos de las \d\d:\d\d$/).waitFor();
    expect(await ana.page.getByRole('button', { name: 'Restablecer' }).isDisabled()).toBe(true);

    // Ana keeps trading: three sales of 10, 20 and 30 USD.
    await addTransaction(ana.page, '10', '40');
    await addTransaction(ana.page, '20', '40');
    await addTransaction(ana.page, '30', '40');
    await expect.poll(() => ana.page.getByTestId('queued-row').count()).toBe(3);
    await ana.page.getByTestId('pending-chip').getByText('3 pendientes').waitFor();
    expect(await ana.page.getByText('Pendiente de sincronizar').count()).toBe(3);
    // Never mixed into the server's figures: the available USD is still 0, the pending counted apart.
    expect(await ana.page.getByTestId('balance-disponible-usd').textContent()).toBe('0,00 USD');
    await ana.page.getByText('+3 pendientes, no incluidas en los saldos').waitFor();
    expect(await ana.page.getByText(/Error de conexión/).count()).toBe(0);
    expect(await serverRows(ana, owner, ledgerId)).toHaveLength(0);
    await screenshot(ana.page, 'offline-three-pending');

    // The tab reloads while still offline: the app and its queue come back from the browser.
    await ana.page.reload();
    await ana.page.getByTestId('balance-disponible-ves').waitFor();
    await expect.poll(() => ana.page.getByTestId('queued-row').count()).toBe(3);
    await ana.page.getByTestId('pending-chip').getByText('3 pendientes').waitFor();
    await ana.page.getByText(/^Sin conexión · datos de las \d\d:\d\d$/).waitFor();
    expect(await ana.page.evaluate(() => localStorage.getItem('refreshToken'))).not.toBeNull(); // still signed in

    // Back online: sent in order, once each.
    await ana.context.setOffline(false);
    await expect.poll(() => ana.page.getByTestId('queued-row').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => ana.page.getByTestId('tx-row').count()).toBe(3);
    expect((await serverRows(ana, owner, ledgerId)).map((t) => t.venta)).toEqual([10, 20, 30]);
    expect(await ana.page.getByTestId('pending-chip').count()).toBe(0);
    // Beto, on his own screen, sees exactly the three.
    await expect.poll(() => beto.page.getByTestId('tx-row').count(), { timeout: 15_000 }).toBe(3);
    // Available USD: 0 − 10 − 20 − 30 = −60.
    await expect.poll(() => beto.page.getByTestId('balance-disponible-usd').textContent()).toBe('-60,00 USD');

    // Offline again, Ana verifies the first row: it shows checked at once, marked pending.
    await ana.context.setOffline(true);
    const first = ana.page.getByRole('listitem', { name: 'Transacción 1' });
    await first.getByRole('checkbox', { name: 'Verificada' }).click();
    await first.getByText('Pendiente de sincronizar').waitFor();
    expect(await first.getByRole('checkbox', { name: 'Verificada' }).isChecked()).toBe(true);
    await ana.context.setOffline(false);
    await expect.poll(() => first.getByText('Pendiente de sincronizar').count(), { timeout: 20_000 }).toBe(0);
    const verified = await call<{ transacciones_con_acumulados: Array<{ esta_verificada: boolean }> }>(
      ana,
      'GET',
      `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${today()}`,
      undefined,
      owner.token,
    );
    expect(verified.transacciones_con_acumulados.map((t) => t.esta_verificada)).toEqual([true, false, false]);
  });

  it('an answer lost after the server committed does not make a second row', async () => {
    const ana = await openBrowser();
    await parallelRateAt(ana, 40);
    sessions.push(ana);
    const owner = await signUp(ana, 'Ana');
    const ledgerId = await personalLedger(ana, owner);
    await openDashboard(ana.page, ledgerId);

    // The first create reaches the server, which commits it, but its answer never comes back.
    let dropped = 0;
    await ana.page.route('**/api/transactions', async (route) => {
      if (route.request().method() === 'POST' && dropped === 0) {
        dropped += 1;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await addTransaction(ana.page, '15', '40');
    await expect.poll(() => ana.page.getByTestId('tx-row').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => ana.page.getByTestId('queued-row').count()).toBe(0);
    expect(dropped).toBe(1);
    expect(await ana.page.getByText(/Error de conexión/).count()).toBe(0);
    expect(await serverRows(ana, owner, ledgerId)).toHaveLength(1);
  });

  it('an item the server rejects shows "No sincronizada" with Editar and Descartar, and Editar sends it again', async () => {
    const ana = await openBrowser();
    await parallelRateAt(ana, 40);
    sessions.push(ana);
    const owner = await signUp(ana, 'Ana');
    const ledgerId = await personalLedger(ana, owner);
    await openDashboard(ana.page, ledgerId);
    await installOffline(ana.page, ledgerId);

    await ana.context.setOffline(true);
    await addTransaction(ana.page, '12', '40');
    await ana.page.getByTestId('queued-row').waitFor();

    // Back online, the server refuses it once (a 4xx with its message).
    const keys: string[] = [];
    await ana.page.route('**/api/transactions', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) await route.fulfill({ status: 422, json: { error: 'Datos inválidos', code: 'VALIDATION_ERROR' } });
      else await route.continue();
    });
    await ana.context.setOffline(false);
    await ana.page.getByText('No sincronizada: Datos inválidos').waitFor({ timeout: 20_000 });
    await screenshot(ana.page, 'offline-rejected');

    await ana.page.getByRole('button', { name: 'Editar', exact: true }).click();
    const dialog = ana.page.getByRole('dialog');
    await dialog.getByLabel('Venta (USD)', { exact: true }).fill('13');
    await dialog.getByRole('button', { name: 'Guardar y enviar' }).click();
    await expect.poll(() => ana.page.getByTestId('tx-row').count(), { timeout: 20_000 }).toBe(1);
    expect(await ana.page.getByTestId('queued-row').count()).toBe(0);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]); // "Editar" resends under a new Idempotency-Key
    expect((await serverRows(ana, owner, ledgerId)).map((t) => t.venta)).toEqual([13]);
  });

  it('the queue belongs to its user: signing out asks first and keeps it, another user neither sees nor sends it, the next sign-in sends it', async () => {
    const s = await openBrowser();
    await parallelRateAt(s, 40);
    sessions.push(s);
    const anaUser = await registerVerifiedUser({ name: 'Ana' });
    const betoUser = await registerVerifiedUser({ name: 'Beto' });
    await loginAs(s.page, anaUser);
    const ana = await call<Account>(s, 'POST', '/api/auth/login', { email: anaUser.email, password: anaUser.password });
    const ledgerId = await personalLedger(s, ana);
    await installOffline(s.page, ledgerId);

    await s.context.setOffline(true);
    await addTransaction(s.page, '11', '40');
    await s.page.getByTestId('queued-row').waitFor();

    // Signing out with an item waiting asks first; the item stays in this browser.
    await s.page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    const ask = s.page.getByRole('dialog');
    await ask
      .getByText(
        'Operaciones pendientes de sincronizar: 1. Se guardan en este navegador y se enviarán cuando vuelvas a iniciar sesión aquí. ¿Cerrar sesión?',
      )
      .waitFor();
    await ask.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await s.page.waitForURL('**/login');
    // No answer of Ana's is left for the next user of this browser.
    expect(await s.page.evaluate(() => caches.has('arb-api-reads'))).toBe(false);

    // Beto signs in on the same browser, online: he sees no pending item and nothing is sent.
    await s.context.setOffline(false);
    await loginAs(s.page, betoUser);
    await s.page.getByTestId('balance-disponible-ves').waitFor();
    await s.page.waitForTimeout(1_500);
    expect(await s.page.getByTestId('pending-chip').count()).toBe(0);
    expect(await s.page.getByTestId('queued-row').count()).toBe(0);
    expect(await serverRows(s, ana, ledgerId)).toHaveLength(0);

    // Ana's next sign-in sends it.
    await s.page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await s.page.waitForURL('**/login');
    await loginAs(s.page, anaUser);
    await expect.poll(async () => (await serverRows(s, ana, ledgerId)).map((t) => t.venta), { timeout: 20_000 }).toEqual([11]);
  });

  it('the dashboard keeps working when the realtime file cannot be loaded (offline before it came), and connects once it can', async () => {
    // docs/decisions/0023-plain-rows.md: the realtime slot is loaded after the first paint. A
    // failed load must not reach the error boundary ("Algo salió mal"): it waits for the connection.
    const s = await openBrowser({ viewport: { width: 360, height: 760 }, isMobile: true });
    sessions.push(s);
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    // The connection drops just as the realtime file is asked for (after the first paint).
    let blocked = true;
    await s.context.route(/\/assets\/realtime-[\w-]+\.js$/, async (route) => {
      if (!blocked) return route.continue();
      await s.context.setOffline(true);
      return route.abort('internetdisconnected');
    });
    await openDashboard(s.page, ledgerId);
    await s.page.getByTestId('offline-banner').waitFor(); // offline now, after the file's load failed
    await s.page.waitForTimeout(500);
    expect(await s.page.getByText('Algo salió mal').count()).toBe(0);
    await s.page.getByTestId('balance-disponible-ves').waitFor();
    // The connection comes back: the file loads and the chip says so.
    blocked = false;
    await s.context.setOffline(false);
    await s.page.getByText(messages.realtimeConnected).waitFor();
  });

  it('on a phone, the pending chip and the pending rows fit: the page does not scroll sideways', async () => {
    const s = await openBrowser({ viewport: { width: 360, height: 760 }, isMobile: true });
    sessions.push(s);
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    await openDashboard(s.page, ledgerId);
    await s.context.setOffline(true);
    await addTransaction(s.page, '1234567.89', '312.5');
    await s.page.getByTestId('pending-chip').getByText('1 pendientes').waitFor();
    await s.page.getByTestId('queued-row').waitFor();
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(s.page, 'offline-phone-pending');
    await s.context.setOffline(false);
    await expect.poll(() => s.page.getByTestId('tx-row').count(), { timeout: 20_000 }).toBe(1);
  });

  it('the ledger history, opened once online, shows its last figures offline after a reload, and says from when', async () => {
    const { ana, owner, ledgerId } = await twoMembers();
    await call(ana, 'POST', '/api/transactions', { ledgerId, fecha: today(), venta: 10, tasa_venta: 40, notas: '' }, owner.token);
    await openDashboard(ana.page, ledgerId);
    await installOffline(ana.page, ledgerId);
    await ana.page.goto(`/ledger/${ledgerId}/history`);
    await ana.page.getByTestId('days-chip').waitFor();
    expect(await ana.page.getByTestId('offline-banner').count()).toBe(0);

    // The connection drops and Ana reloads the page: the shell, the figures and the days are there.
    await ana.context.setOffline(true);
    await ana.page.reload();
    await ana.page.getByText(/^Sin conexión · datos de las \d\d:\d\d$/).waitFor();
    await expect.poll(() => ana.page.getByTestId('days-chip').textContent()).toBe('1 día con transacciones');
    await screenshot(ana.page, 'offline-ledger-history');
    await ana.context.setOffline(false);
  });

  it('an operation queued on the dashboard is sent from another screen when the connection returns', async () => {
    const { ana, owner, ledgerId } = await twoMembers();
    await openDashboard(ana.page, ledgerId);
    await installOffline(ana.page, ledgerId);
    await ana.context.setOffline(true);
    await addTransaction(ana.page, '15', '40');
    await expect.poll(() => ana.page.getByTestId('queued-row').count()).toBe(1);

    // Ana opens her ledger list (still offline), and the connection comes back there.
    await ana.page.goto('/history');
    await ana.page.getByText(/^Sin conexión/).waitFor();
    await ana.context.setOffline(false);
    await expect.poll(async () => (await serverRows(ana, owner, ledgerId)).map((r) => r.venta), { timeout: 20_000 }).toEqual([15]);
  });
});
