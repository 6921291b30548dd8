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
    const hoy = todayKey('America/Caracas');
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

    // The month's movements of one account (decision 0060). Ana also brings 50 USD into Binance, and
    // keeps an empty "Efectivo" account: three movements in the month, two of them Banesco's.
    const { cuentas } = await call<{ cuentas: Array<{ id: string; nombre: string }> }>(
      s,
      'GET',
      `/api/ledgers/${ledgerId}/cuentas`,
      undefined,
      ana.token,
    );
    const banescoId = cuentas.find((c) => c.nombre === 'Banesco')!.id;
    const binanceId = cuentas.find((c) => c.nombre === 'Binance')!.id;
    await call(
      s,
      'POST',
      `/api/ledgers/${ledgerId}/movimientos`,
      { tipo: 'aporte', fecha: hoy, moneda: 'USD', monto: '50', cuenta_destino_id: binanceId },
      ana.token,
    );
    await call(s, 'POST', `/api/ledgers/${ledgerId}/cuentas`, { nombre: 'Efectivo', moneda: 'USD', tipo: 'efectivo' }, ana.token);
    const rows = page.getByRole('list', { name: 'Movimientos del mes' }).getByTestId('movimiento');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    const filtro = page.getByRole('region', { name: 'Movimientos del mes' }).getByRole('combobox', { name: 'Cuenta' });
    await expect
      .poll(() => filtro.locator('option').allTextContents())
      .toEqual(['Todas', 'Banesco (Bs)', 'Binance (USD)', 'Efectivo (USD)']);
    // From the keyboard: on the focused select the arrow picks the next account, Banesco.
    await filtro.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(`**/ledger/${ledgerId}/cuentas?cuenta=${banescoId}`);
    // Banesco's two: 3.000 in from Sin asignar, the 10 of the ajuste out; it closed today at 3.000 − 10 = 2.990.
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('+3.000,00 Bs.S'), expect.stringContaining('-10,00 Bs.S')]);
    const [y, m, d] = hoy.split('-');
    expect(await page.getByTestId('saldo-cierre').allTextContents()).toEqual([`Saldo al cierre del ${d}/${m}/${y}: 2.990,00 Bs.S`]);
    // A phone's width holds it: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'cuentas-filtro-banesco');

    // Efectivo has none this month; the browser's back returns to Banesco; "Todas" shows the three again.
    await filtro.selectOption({ label: 'Efectivo (USD)' });
    await page.getByText('No hay movimientos de esta cuenta este mes').waitFor();
    expect(await rows.count()).toBe(0);
    await page.goBack();
    await page.waitForURL(`**/ledger/${ledgerId}/cuentas?cuenta=${banescoId}`);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await filtro.inputValue()).toBe(banescoId);
    await filtro.selectOption({ label: 'Todas' });
    await page.waitForURL(`**/ledger/${ledgerId}/cuentas`);
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByTestId('saldo-cierre').count()).toBe(0);
  });
});
