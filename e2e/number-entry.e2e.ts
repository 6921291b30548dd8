import type { Page, Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp, type Account } from './support/accounts.ts';

/*
 * Numbers typed the Venezuelan way (issue 36, docs/product.md#money "Typing numbers"). A trader
 * types "318,5" for a rate of 318,50 Bs — and, while a trade is being saved, already types the
 * next one. The fake upstream's parallel rate is 310,50 Bs (apps/server/test/support/fake-rates.ts).
 */
const TZ = 'America/Caracas';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Types into a field key by key, as a person does (not a paste of the whole value). */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await field(page, label).fill('');
  await field(page, label).pressSequentially(text);
}

/** The day's rows as the server has them, in the day's order. */
async function serverRows(s: Session, a: Account, ledgerId: string) {
  const day = await call<{
    transacciones_con_acumulados: Array<{ venta: number; tasa_venta: number; compra: number; tasa_compra: number }>;
  }>(s, 'GET', `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${todayKey(TZ)}`, undefined, a.token);
  return day.transacciones_con_acumulados.map(({ venta, tasa_venta, compra, tasa_compra }) => ({ venta, tasa_venta, compra, tasa_compra }));
}

describe('typing numbers', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('reads "318,5" as 318,50, asks about a rate ten times the parallel one, and keeps the next trade typed while saving', async () => {
    // A browser set to English, as the report's: there a native number input read "318,5" as 3185.
    s = await openBrowser({ locale: 'en-US' });
    const ana = await signUp(s, 'Numeros');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    await page.goto(`/dashboard?ledger=${ledgerId}&date=${todayKey(TZ)}`);
    await page.getByRole('button', { name: 'Usar tasa paralela (310,50 Bs)' }).first().waitFor();

    // Ana sells 100 USD at 318,5 — with a comma, as she writes it — and leaves the field.
    await typeInto(page, 'Venta (USD)', '100');
    await typeInto(page, 'Tasa de venta (Bs)', '318,5');
    await page.keyboard.press('Tab');
    expect(await field(page, 'Tasa de venta (Bs)').inputValue()).toBe('318,50'); // not 3185.00
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);
    expect(await serverRows(s, ana, ledgerId)).toEqual([{ venta: 100, tasa_venta: 318.5, compra: 0, tasa_compra: 0 }]);
    await expect.poll(() => page.getByTestId('balance-tasa-venta').textContent()).toBe('318,50 Bs');

    // Then a rate with the comma lost: 3185 is 3185 / 310,50 = 10,26 times the parallel rate.
    await typeInto(page, 'Venta (USD)', '10');
    await typeInto(page, 'Tasa de venta (Bs)', '3185');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    const question = page.getByRole('dialog', { name: 'Tasa lejos de la paralela' });
    await question.getByText('¿Seguro? La tasa de venta es 10,3 veces la paralela (310,50 Bs)').waitFor();
    await screenshot(page, 'number-entry-far-rate');
    await question.getByRole('button', { name: 'Revisar' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await serverRows(s, ana, ledgerId)).toHaveLength(1); // nothing was sent
    expect(await field(page, 'Tasa de venta (Bs)').inputValue()).toBe('3.185,00'); // there to fix
    await typeInto(page, 'Tasa de venta (Bs)', '318.5'); // with a point, the same rate
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(2);

    // A slow connection: the server's answer to the next create takes 2 s.
    const slow = async (route: Route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 2_000));
      await route.continue();
    };
    await s.context.route('**/api/transactions', slow);
    await typeInto(page, 'Venta (USD)', '50');
    await typeInto(page, 'Tasa de venta (Bs)', '319,1234');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await page.getByRole('button', { name: 'Agregando...' }).waitFor();
    // While it says "Agregando...", Ana types her next trade: 80 USD sold, 20 USD bought at 317.
    await typeInto(page, 'Venta (USD)', '80');
    await typeInto(page, 'Compra (USD)', '20');
    await typeInto(page, 'Tasa de compra (Bs)', '317');
    expect(await page.getByRole('button', { name: 'Agregando...' }).count()).toBe(1); // all typed before the answer
    await page.getByRole('button', { name: 'Agregar Transacción' }).waitFor();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(3);
    await s.context.unroute('**/api/transactions', slow);
    // The answer cleared only what it had sent; her next trade is intact.
    expect(await field(page, 'Venta (USD)').inputValue()).toBe('80,00');
    expect(await field(page, 'Tasa de venta (Bs)').inputValue()).toBe('');
    expect(await field(page, 'Compra (USD)').inputValue()).toBe('20,00');
    expect(await field(page, 'Tasa de compra (Bs)').inputValue()).toBe('317');
    await typeInto(page, 'Tasa de venta (Bs)', '318');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(4);
    expect(await serverRows(s, ana, ledgerId)).toEqual([
      { venta: 100, tasa_venta: 318.5, compra: 0, tasa_compra: 0 },
      { venta: 10, tasa_venta: 318.5, compra: 0, tasa_compra: 0 },
      { venta: 50, tasa_venta: 319.1234, compra: 0, tasa_compra: 0 },
      { venta: 80, tasa_venta: 318, compra: 20, tasa_compra: 317 },
    ]);
  });
});
