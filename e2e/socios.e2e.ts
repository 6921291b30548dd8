import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayKey } from '@arb/shared';
import { screenshot, type Session } from './support/browser.ts';
import { call, ledgerWithTwoMembers } from './support/accounts.ts';

/*
 * The Socios journey of issue 38 against the real server (docs/product.md#socios-y-liquidacion):
 * Ana and Beto each bring 1.000 USD; Beto trades for a few days and keeps his profit in bolívares;
 * Ana previews the period, reads "Beto transfiere … a Ana", closes it, and an edit of a closed day
 * is refused with the message naming the period.
 */
describe('socios', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('two partners bring capital, trade, Ana previews and closes the period; the dashboard disables the writes of a closed day', async () => {
    const { ana, owner, member, ledgerId } = await ledgerWithTwoMembers(sessions);
    const { page } = ana;
    await page.setViewportSize({ width: 360, height: 740 });
    const today = todayKey('America/Caracas');
    const d1 = addDays(today, -6);
    const d2 = addDays(today, -4);
    const d3 = addDays(today, -2);
    const cuenta = async (nombre: string, moneda: 'VES' | 'USD', titularId: string) =>
      (
        await call<{ cuenta: { id: string } }>(
          ana,
          'POST',
          `/api/ledgers/${ledgerId}/cuentas`,
          { nombre, moneda, tipo: moneda === 'USD' ? 'binance' : 'banco', titularId },
          owner.token,
        )
      ).cuenta.id;
    const anaUsd = await cuenta('Ana USD', 'USD', owner.user.id);
    const betoUsd = await cuenta('Beto USD', 'USD', member.user.id);
    const betoBs = await cuenta('Beto Bs', 'VES', member.user.id);
    // Both bring 1.000 USD on the same day: equal capital × time.
    for (const [miembroId, destino] of [
      [owner.user.id, anaUsd],
      [member.user.id, betoUsd],
    ] as const)
      await call(
        ana,
        'POST',
        `/api/ledgers/${ledgerId}/movimientos`,
        { tipo: 'aporte', fecha: d1, moneda: 'USD', monto: '1000', miembroId, cuenta_destino_id: destino },
        owner.token,
      );
    // Beto sells 100 USD at 320 (32.000 Bs) and buys them back at 310 (31.000 Bs): 1.000 Bs kept in "Beto Bs".
    await call(
      ana,
      'POST',
      '/api/transactions',
      { ledgerId, fecha: d2, venta: 100, tasa_venta: 320, notas: '', cuenta_ves_id: betoBs, cuenta_usd_id: betoUsd },
      member.token,
    );
    await call(
      ana,
      'POST',
      '/api/transactions',
      { ledgerId, fecha: d3, compra: 100, tasa_compra: 310, notas: '', cuenta_ves_id: betoBs, cuenta_usd_id: betoUsd },
      member.token,
    );
    // The parallel rate of today is stored when it is fetched (the fake upstream's 310,50).
    await call(ana, 'GET', '/api/rates/paralelo', undefined, owner.token);

    await page.goto(`/ledger/${ledgerId}/history`);
    await page.getByRole('link', { name: 'Socios' }).click();
    await page.waitForURL(`**/ledger/${ledgerId}/socios`);
    // Default period: from the first aporte to today. Equity 2.000 + 1.000 Bs / 310,50 = 2.003,22 → result 3,22,
    // 1,61 each; Ana holds 1.000 (capital 1.001,61), Beto 1.003,22 → Beto pays Ana 1,61 USD (× 310,50 = 499,91 Bs).
    await expect.poll(() => page.getByTestId('socios-resultado').textContent(), { timeout: 15_000 }).toBe('3,22 USD');
    const transfers = page.getByTestId('socios-transferencias');
    await expect.poll(() => transfers.textContent()).toBe('Beto transfiere 1,61 USD (499,91 Bs) a Ana');
    await screenshot(page, 'socios');

    await page.getByRole('button', { name: 'Cerrar período' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('se bloquean sus días');
    await dialog.getByRole('button', { name: 'Cerrar período' }).click();
    await page.getByText('Período cerrado', { exact: true }).waitFor();
    await page.getByText('Este período está cerrado.').waitFor();
    expect(await page.getByRole('button', { name: 'Cerrar período' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reabrir' }).waitFor();

    // A closed day on the dashboard (docs/decisions/0066): its writes are disabled beforehand and say
    // why, with the 409's text (the server's refusal stays; apps/server/test/socios*.test.ts).
    await page.goto(`/dashboard?ledger=${ledgerId}&date=${d2}`);
    const dia = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    const reason = `Este día pertenece a un período liquidado (${dia(d1)} – ${dia(today)})`;
    await page.getByText(reason).first().waitFor();
    const editar = page.getByRole('button', { name: 'Editar transacción 1' });
    expect(await editar.isDisabled()).toBe(true);
    expect(await editar.getAttribute('aria-describedby')).toBeTruthy();
    const agregar = page.getByRole('button', { name: 'Agregar Transacción' });
    await agregar.waitFor();
    expect(await agregar.isDisabled()).toBe(true);
    expect(await agregar.getAttribute('aria-describedby')).toBe('new-tx-closed-reason');
  });
});
