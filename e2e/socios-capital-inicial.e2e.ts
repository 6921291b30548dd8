import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayKey } from '@arb/shared';
import { screenshot, type Session } from './support/browser.ts';
import { call, ledgerWithTwoMembers } from './support/accounts.ts';

/*
 * "Registrar capital inicial" in the browser, against the real server (docs/product.md#socios-y-liquidacion,
 * decisions 0056 and 0059). Ana kept her ledger before Socios existed: 1.000 USD that no aporte
 * explains, 700 of them in her Binance account and 300 in Beto's Zelle. She registers the starting
 * capital for herself and Beto, reads the figures, undoes it, and registers it again another way.
 */
describe('socios: the starting capital', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('Ana registers the starting capital for herself and Beto, sees the figures, undoes, registers again', async () => {
    const { ana, owner, member, ledgerId } = await ledgerWithTwoMembers(sessions);
    const { page } = ana;
    await page.setViewportSize({ width: 360, height: 740 });
    const today = todayKey('America/Caracas');
    const inicio = addDays(today, -5);
    const api = <T>(method: string, url: string, body?: unknown) => call<T>(ana, method, url, body, owner.token);

    // The ledger as it was: a base of 1.000 USD typed five days ago, placed in two accounts.
    await api('PUT', `/api/daily-balances/${ledgerId}`, { fecha: inicio, saldo_base_ves: 0, saldo_base_usd: 1000 });
    const cuenta = async (nombre: string, titularId: string) =>
      (
        await api<{ cuenta: { id: string } }>('POST', `/api/ledgers/${ledgerId}/cuentas`, {
          nombre,
          moneda: 'USD',
          tipo: 'binance',
          titularId,
        })
      ).cuenta.id;
    for (const [destino, monto] of [
      [await cuenta('Binance Ana', owner.user.id), '700'],
      [await cuenta('Zelle Beto', member.user.id), '300'],
    ] as const)
      await api('POST', `/api/ledgers/${ledgerId}/movimientos`, {
        tipo: 'transferencia',
        fecha: inicio,
        moneda: 'USD',
        monto,
        cuenta_destino_id: destino,
      });
    // Today's parallel rate is stored when fetched (the fake upstream's 310,50): transfers also say their bolívares.
    await api('GET', '/api/rates/paralelo');

    await page.goto(`/ledger/${ledgerId}/socios`);
    // Nothing registered yet: all of today's opening equity (1.000 USD) is "Capital sin registrar".
    const sinRegistrar = page.getByText('Capital sin registrar', { exact: true });
    await sinRegistrar.waitFor({ timeout: 15_000 });
    await page.getByText('Registra los aportes iniciales o liquida primero los días anteriores').waitFor();

    // She splits it 600 / 400: the dialog proposes 500 each, she types hers and Beto's.
    const registrar = async (anaUsd: string, betoUsd: string) => {
      await page.getByRole('button', { name: 'Registrar capital inicial' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Saldo de apertura: 0,00 Bs · 1.000,00 USD').waitFor();
      expect(await dialog.getByLabel('Ana · USD').inputValue()).toBe('500,00');
      await dialog.getByLabel('Ana · USD').fill(anaUsd);
      await dialog.getByLabel('Beto · USD').fill(betoUsd);
      expect(await dialog.getByRole('status').textContent()).toBe('Falta asignar: 0,00 Bs · 0,00 USD');
      await dialog.getByRole('button', { name: 'Registrar' }).click();
      await page.getByText('Capital inicial registrado').waitFor();
    };
    const capitalDe = (nombre: string) =>
      page
        .getByTestId(`socio-${nombre}`)
        .getByText(/^Capital inicial/)
        .locator('..');
    const transfers = page.getByTestId('socios-transferencias');

    await registrar('600', '400');
    // The period starts today with the capital registered: Ana 600, Beto 400, nothing sin registrar.
    // Ana holds 700 and Beto 300, so Ana owes Beto 100 USD (× 310,50 = 31.050,00 Bs).
    await expect.poll(() => capitalDe('Ana').textContent(), { timeout: 15_000 }).toContain('600,00 USD');
    expect(await capitalDe('Beto').textContent()).toContain('400,00 USD');
    await expect.poll(() => sinRegistrar.count()).toBe(0);
    await expect.poll(() => transfers.textContent()).toBe('Ana transfiere 100,00 USD (31.050,00 Bs) a Beto');
    await screenshot(page, 'socios-capital-inicial');

    // She meant to split it evenly: "Deshacer" takes the registration back whole.
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await page.getByText('Registro del capital inicial deshecho').waitFor();
    await sinRegistrar.waitFor();
    expect(await transfers.count()).toBe(0);

    // Registered again, 500 each: now Ana owes Beto 200 USD (62.100,00 Bs).
    await registrar('500', '500');
    await expect.poll(() => capitalDe('Ana').textContent(), { timeout: 15_000 }).toContain('500,00 USD');
    expect(await capitalDe('Beto').textContent()).toContain('500,00 USD');
    await expect.poll(() => transfers.textContent()).toBe('Ana transfiere 200,00 USD (62.100,00 Bs) a Beto');
    await expect.poll(() => sinRegistrar.count()).toBe(0);
  });
});
