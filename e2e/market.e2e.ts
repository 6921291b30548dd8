import { afterEach, describe, expect, it } from 'vitest';
import { todayKey, type RateHistoryResponse } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp } from './support/accounts.ts';

const TZ = 'America/Caracas';

/*
 * The market reference of issue 40 (DESIGN §24, docs/product.md#market-reference) against the real
 * server: the panel's fetch of the fake parallel rate (310,50 Bs) is kept as today's rate, Ana's
 * operations are stamped with it, and each row shows its margin chip; the history shows the day's
 * spread.
 */
describe('market reference', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('Ana sells above and buys above the parallel rate: a green and a red chip, and the day’s spread in the history', async () => {
    s = await openBrowser();
    const { page } = s;
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const today = todayKey(TZ);
    await page.goto(`/dashboard?ledger=${ledgerId}&date=${today}`);
    // The panel's fetch is stored: it is the market the next operations meet.
    await expect.poll(() => page.getByTestId('rate-paralelo-value').textContent()).toContain('310,50');

    // Sell 100 USD at 314,38: 314,38 / 310,5 − 1 = 0,0124959… → +1,25 %
    await page.getByLabel('Venta (USD)', { exact: true }).fill('100');
    await page.getByLabel('Tasa de venta (Bs)', { exact: true }).fill('314,38');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('margen-chip').count()).toBe(1);
    const up = page.getByTestId('margen-chip').first();
    expect(await up.textContent()).toBe('+1,25 % vs paralelo');
    expect(await up.getAttribute('class')).toBe('tx-chip tx-positive');

    // Buy 50 USD at 315: 310,5 / 315 − 1 = −0,0142857… → −1,43 % (paid more than the market)
    await page.getByLabel('Compra (USD)', { exact: true }).fill('50');
    await page.getByLabel('Tasa de compra (Bs)', { exact: true }).fill('315');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('margen-chip').count()).toBe(2);
    const chips = page.getByTestId('margen-chip');
    const down = chips.nth(1);
    expect(await down.textContent()).toBe('-1,43 % vs paralelo');
    expect(await down.getAttribute('class')).toBe('tx-chip tx-negative');
    // Green and red really differ on screen.
    const colour = (i: number) => chips.nth(i).evaluate((el) => getComputedStyle(el).color);
    expect(await colour(0)).not.toBe(await colour(1));
    await screenshot(page, 'market-chips');

    // The day answer carries the USD-weighted average: (100 × 0,0124960 + 50 × −0,0142857) / 150 = 0,0035687… → 0,36 %
    const day = await call<{ resumen: { margen_promedio?: { valor: number } } }>(
      s,
      'GET',
      `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${today}`,
      undefined,
      ana.token,
    );
    expect(day.resumen.margen_promedio).toEqual({ valor: 0.36 });
    const rates = await call<RateHistoryResponse>(s, 'GET', `/api/rates/history?desde=${today}&hasta=${today}`, undefined, ana.token);
    expect(rates.dias[0]).toMatchObject({ fecha: today, paralelo: 310.5 });

    // The history: today's spread 314,38 / 315 − 1 = −0,0019682… → −0,20 %
    await page.goto(`/ledger/${ledgerId}/history`);
    const spread = page.getByTestId('daily-spread');
    await spread.waitFor();
    await expect.poll(() => spread.getByRole('row').nth(1).textContent()).toContain('-0,20 %');
    await screenshot(page, 'market-history-spread');
  });
});
