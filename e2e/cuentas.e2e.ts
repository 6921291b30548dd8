import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp } from './support/accounts.ts';

/*
 * The Cuentas journey of issue 37 against the real server (docs/product.md#cuentas-y-movimientos):
 * Ana's sale leaves its bolívares in Sin asignar; she creates "Banesco" and "Binance", moves money
 * into Banesco with a transfer, cuadres Banesco with a difference and registers the ajuste.
 */
describe('cuentas', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('Ana creates Banesco and Binance, assigns money with a transfer, cuadres Banesco with a difference and registers the ajuste', async () => {
    // On a phone: the page is phone first (360 px).
    s = await openBrowser({ viewport: { width: 360, height: 740 } });
    const { page } = s;
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    // A sale of 100 USD at 40: 4.000 Bs.S come in, with no account yet (Sin asignar).
    await call(
      s,
      'POST',
      '/api/transactions',
      { venta: 100, tasa_venta: 40, ledgerId, fecha: todayKey('America/Caracas'), notas: '' },
      ana.token,
    );

    await page.goto(`/ledger/${ledgerId}/history`);
    await page.getByRole('link', { name: 'Cuentas' }).click();
    await page.waitForURL(`**/ledger/${ledgerId}/cuentas`);
    await page.getByText(/Aún no hay cuentas/).waitFor();
    await expect.poll(() => page.getByTestId('sin-asignar-VES').textContent()).toBe('4.000,00 Bs.S');

    // Two accounts: Banesco in bolívares, Binance in dollars.
    await page.getByRole('button', { name: 'Nueva cuenta' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Banesco');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Nueva cuenta' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Binance');
    await dialog.getByRole('combobox', { name: 'Moneda' }).selectOption('USD');
    await dialog.getByRole('combobox', { name: 'Tipo' }).selectOption('binance');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('cuenta-Binance').waitFor();

    // 3.000 Bs.S from Sin asignar into Banesco.
    await page.getByRole('button', { name: 'Transferencia' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Hacia' }).selectOption({ label: 'Banesco' });
    await dialog.getByRole('textbox', { name: 'Monto' }).fill('3.000,00');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('cuenta-Banesco').textContent()).toContain('3.000,00 Bs.S');
    await expect.poll(() => page.getByTestId('sin-asignar-VES').textContent()).toBe('1.000,00 Bs.S');

    // The bank says 2.990: the difference shows as it is typed; the ajuste settles it.
    await page.getByRole('button', { name: 'Cuadrar Banesco' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Saldo real' }).fill('2.990,00');
    await expect.poll(() => dialog.getByTestId('cuadre-diferencia').textContent()).toBe('Diferencia: -10,00 Bs.S');
    await dialog.getByRole('button', { name: 'Cuadrar' }).click();
    await dialog.getByRole('button', { name: 'Registrar ajuste por la diferencia' }).click();
    await expect.poll(() => page.getByTestId('cuenta-Banesco').textContent()).toContain('Descuadrada');
    dialog = page.getByRole('dialog', { name: 'Ajuste' });
    expect(await dialog.getByRole('textbox', { name: 'Monto' }).inputValue()).toBe('10,00');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('cuenta-Banesco').textContent()).toContain('2.990,00 Bs.S');
    expect(await page.getByTestId('cuenta-Banesco').textContent()).not.toContain('Descuadrada');
    await page.getByRole('list', { name: 'Movimientos del mes' }).getByText('Ajuste', { exact: false }).first().waitFor();
    await screenshot(page, 'cuentas');
  });
});
