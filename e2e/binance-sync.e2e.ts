import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { fakeKey, type FakeBinanceOrder } from '../apps/server/test/support/fake-binance.ts';
import { call, personalLedger, signUp } from './support/accounts.ts';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { addBinanceKey } from './support/control.ts';

const TZ = 'America/Caracas';

/*
 * The Binance sync journey of issue 39 against the real server and a fake Binance
 * (docs/product.md#binance-sync): Ana links a read-only key on Mi Membresía, syncs, and her two
 * P2P orders of today appear in the day's list, their bolívares in the accounts their payment
 * methods name. Binance is slow for her key, so the first sync outlasts the 10 s answer (202): the
 * card learns the end from the socket's `binance-sync`, not from polling (docs/decisions/0058).
 */
describe('Binance sync', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it("Ana links a read-only key, syncs, and today's orders appear with their accounts", async () => {
    s = await openBrowser();
    const { page } = s;
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const cuenta = (nombre: string, moneda: 'VES' | 'USD', metodos_binance: string[] = []) =>
      call(s, 'POST', `/api/ledgers/${ledgerId}/cuentas`, { nombre, moneda, tipo: 'banco', metodos_binance }, ana.token);
    await cuenta('Pago Móvil', 'VES', ['PagoMovil']);
    await cuenta('Mercantil', 'VES');
    await cuenta('Binance USDT', 'USD');

    const apiKey = fakeKey(`ana${Date.now()}`);
    const apiSecret = fakeKey('anasecret', true);
    const now = Date.now();
    const order = (n: number, over: Partial<FakeBinanceOrder>): FakeBinanceOrder => ({
      orderNumber: `2280000000000000${String(n).padStart(4, '0')}`,
      tradeType: 'SELL',
      asset: 'USDT',
      fiat: 'VES',
      amount: '100.00000000',
      unitPrice: '312.50000000',
      totalPrice: '31250.00000000',
      orderStatus: 'COMPLETED',
      createTime: now - n * 60_000,
      commission: '0.05000000',
      payMethodName: 'PagoMovil',
      counterPartNickName: 'Cliente',
      ...over,
    });
    await addBinanceKey({
      apiKey,
      apiSecret,
      // 180 days = 7 windows × BUY and SELL = 14 pages × 0.8 s: past the 10 s the server waits to answer.
      historyDelayMs: 800,
      orders: [
        // 100 USDT sold at 312,50: 31.250,00 Bs.S into Pago Móvil (its payment method).
        order(1, {}),
        // 50 USDT bought at 309,75 paid by Banesco, which no account names: 15.487,50 Bs.S out of the link's Mercantil.
        order(2, {
          tradeType: 'BUY',
          amount: '50.00000000',
          unitPrice: '309.75000000',
          totalPrice: '15487.50000000',
          commission: '0',
          payMethodName: 'Banesco',
        }),
        order(3, { orderStatus: 'CANCELLED' }),
      ],
    });

    await page.goto('/membership');
    const card = page.getByRole('region', { name: 'Binance' });
    await card.getByLabel('Clave de API').fill(apiKey);
    await card.getByLabel('Secreto de API').fill(apiSecret);
    await card.getByRole('combobox', { name: 'Cuenta USD' }).click();
    await page.getByRole('option', { name: 'Binance USDT' }).click();
    await card.getByRole('combobox', { name: 'Cuenta Bs (si el método de pago no coincide)' }).click();
    await page.getByRole('option', { name: 'Mercantil' }).click();
    await card.getByRole('button', { name: 'Conectar' }).click();
    await card.getByText(`Conectada: clave terminada en ${apiKey.slice(-4)}`).waitFor();
    await card.getByText('Tu clave no tiene restricción de IP', { exact: false }).waitFor();
    // The key itself is not on the page.
    expect(await page.content()).not.toContain(apiKey);

    await card.getByRole('button', { name: 'Sincronizar ahora' }).click();
    await page.getByText('La sincronización sigue en curso; te avisaremos al terminar').waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Sincronizando…' }).waitFor();
    // The run ends ~1.5 s after the 202; the socket says so at once (the fallback poll would take 15 s).
    await expect
      .poll(() => card.getByTestId('binance-ultima').textContent(), { timeout: 6_000 })
      .toContain('2 nuevas, 0 duplicadas, 1 omitidas');
    await card.getByRole('button', { name: 'Sincronizar ahora' }).waitFor();
    await screenshot(page, 'binance-sync-card');

    // The day's list has both orders.
    await page.goto(`/dashboard?ledger=${ledgerId}&date=${todayKey(TZ)}`);
    await expect.poll(() => page.getByText('Binance P2P #', { exact: false }).count(), { timeout: 10_000 }).toBe(2);
    // And their accounts: Pago Móvil got the sale's bolívares, Mercantil paid the purchase.
    await page.goto(`/ledger/${ledgerId}/cuentas`);
    await expect.poll(() => page.getByTestId('cuenta-Pago Móvil').textContent()).toContain('31.250,00');
    await expect.poll(() => page.getByTestId('cuenta-Mercantil').textContent()).toContain('15.487,50');
    await screenshot(page, 'binance-sync-cuentas');

    // A second sync finds nothing new.
    await page.goto('/membership');
    await page.getByRole('region', { name: 'Binance' }).getByRole('button', { name: 'Sincronizar ahora' }).click();
    await page.getByText('0 nuevas, 2 duplicadas, 1 omitidas').first().waitFor();
  });
});
