import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { screenshot, type Session } from './support/browser.ts';
import { call, ledgerWithTwoMembers } from './support/accounts.ts';
import { parallelRateAt } from './support/rates.ts';

/*
 * Realtime collaboration (issue 8): two people, two browsers, one ledger. What one adds appears
 * on the other's screen without a reload.
 */
const TZ = 'America/Caracas';
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

  // These trades are at about 40 Bs per dollar: the market the browsers see is at 40 too (support/rates.ts).
  const twoMembers = async () => {
    const members = await ledgerWithTwoMembers(sessions);
    await parallelRateAt(members.ana, 40);
    await parallelRateAt(members.beto, 40);
    return members;
  };

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

    await call(ana, 'POST', '/api/transactions', { ledgerId, fecha: '2026-11-02', venta: 10, tasa_venta: 40 }, owner.token);
    await call(ana, 'POST', '/api/transactions', { ledgerId, fecha: '2026-11-05', venta: 5, tasa_venta: 40 }, owner.token);
    await expect
      .poll(
        () =>
          beto.page
            .getByTestId('days-chip')
            .textContent()
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('2 días con transacciones');
    expect(await beto.page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
  });
});
