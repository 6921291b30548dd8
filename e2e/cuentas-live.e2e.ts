import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp, type Account } from './support/accounts.ts';
import { parallelRateAt } from './support/rates.ts';
import { addSale, waitForServiceWorker } from './support/offline.ts';

/*
 * More of issue 37's journeys against the real server (docs/product.md#cuentas-y-movimientos):
 * Beto, a plain member, watches Ana's balances move live on the Cuentas page on his phone and finds
 * no button that writes (the server refuses him too); Ana records a sale into Banesco and Binance
 * from the dashboard's form, and the rows, the Cuentas card and the day's movements show it.
 */
const TZ = 'America/Caracas';

async function cuenta(s: Session, a: Account, ledgerId: string, body: object): Promise<{ id: string }> {
  const { cuenta } = await call<{ cuenta: { id: string } }>(
    s,
    'POST',
    `/api/ledgers/${ledgerId}/cuentas`,
    { tipo: 'banco', ...body },
    a.token,
  );
  return cuenta;
}

describe('cuentas, live and from the form', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((x) => x.close()));
  });

  it('Beto (a plain member) sees Ana’s balances change live at 360 px, and has no way to edit the accounts', async () => {
    const ana = await openBrowser();
    const beto = await openBrowser({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    sessions.push(ana, beto);
    const owner = await signUp(ana, 'Ana');
    const member = await signUp(beto, 'Beto');
    const ledgerId = await personalLedger(ana, owner);
    const { inviteCode } = await call<{ inviteCode: string }>(ana, 'GET', `/api/ledgers/${ledgerId}/invite`, undefined, owner.token);
    await call(beto, 'POST', '/api/ledgers/join', { inviteCode }, member.token);
    const banesco = await cuenta(ana, owner, ledgerId, { nombre: 'Banesco', moneda: 'VES' });
    const binance = await cuenta(ana, owner, ledgerId, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });

    const { page } = beto;
    await page.goto(`/ledger/${ledgerId}/cuentas`);
    await expect.poll(() => page.getByTestId('cuenta-Banesco').textContent()).toContain('0,00 Bs.S');
    await page.getByText('Conectado').waitFor();
    // He reads; nothing writes.
    for (const name of [
      'Nueva cuenta',
      'Transferencia',
      'Aporte',
      'Retiro',
      'Ajuste',
      'Cuadrar Banesco',
      'Editar Banesco',
      'Archivar Banesco',
    ])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);

    // Ana sells 10 USD at 310 into Banesco / out of Binance: 10 × 310 = 3.100 Bs.S in, 10 USD out.
    await call(
      ana,
      'POST',
      '/api/transactions',
      { ledgerId, fecha: todayKey(TZ), venta: 10, tasa_venta: 310, cuenta_ves_id: banesco.id, cuenta_usd_id: binance.id },
      owner.token,
    );
    // Beto's page follows without a reload (the realtime balance events).
    await expect.poll(() => page.getByTestId('cuenta-Banesco').textContent(), { timeout: 10_000 }).toContain('3.100,00 Bs.S');
    await expect.poll(() => page.getByTestId('cuenta-Binance').textContent()).toContain('-10,00 USD');
    // Ana moves 100 Bs.S from Banesco to Sin asignar: a movement, live too.
    await call(
      ana,
      'POST',
      `/api/ledgers/${ledgerId}/movimientos`,
      { tipo: 'transferencia', fecha: todayKey(TZ), moneda: 'VES', monto: '100', cuenta_origen_id: banesco.id },
      owner.token,
    );
    await expect.poll(() => page.getByTestId('cuenta-Banesco').textContent(), { timeout: 10_000 }).toContain('3.000,00 Bs.S');
    await expect.poll(() => page.getByTestId('sin-asignar-VES').textContent()).toBe('100,00 Bs.S');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'cuentas-beto-360');

    // The server says no as well (403), whatever the page shows.
    await expect(call(beto, 'PUT', `/api/ledgers/${ledgerId}/cuentas/${banesco.id}`, { nombre: 'Mío' }, member.token)).rejects.toThrow(
      /→ 403/,
    );
    await expect(
      call(beto, 'POST', `/api/ledgers/${ledgerId}/cuentas`, { nombre: 'Otra', moneda: 'VES', tipo: 'banco' }, member.token),
    ).rejects.toThrow(/→ 403/);
  });

  it('Ana records a sale into Banesco and Binance from the dashboard form: the row, the Cuentas card and the day’s movements show it, and the form remembers the accounts', async () => {
    const s = await openBrowser({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    sessions.push(s);
    await parallelRateAt(s, 310.5);
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    await cuenta(s, ana, ledgerId, { nombre: 'Banesco', moneda: 'VES' });
    const binance = await cuenta(s, ana, ledgerId, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });
    const { page } = s;
    await page.goto(`/dashboard?ledger=${ledgerId}&date=${todayKey(TZ)}`);
    await page.getByTestId('balance-disponible-ves').waitFor();

    // The form offers the accounts, Sin asignar first.
    const ves = page.getByLabel('Cuenta Bs', { exact: true });
    const usd = page.getByLabel('Cuenta USD', { exact: true });
    await ves.waitFor();
    expect(await ves.locator('option').allTextContents()).toEqual(['Sin asignar', 'Banesco']);
    await ves.selectOption({ label: 'Banesco' });
    await usd.selectOption({ label: 'Binance' });
    await page.getByLabel('Venta (USD)', { exact: true }).fill('10');
    await page.getByLabel('Tasa de venta (Bs)', { exact: true }).fill('310');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);
    expect(await page.getByTestId('tx-row-cuentas').textContent()).toBe('Bs Banesco · USD Binance');

    // The card: 10 × 310 = 3.100 Bs.S into Banesco, 10 USD out of Binance.
    const card = page.getByTestId('day-cuentas');
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('Banesco3.100,00 Bs.S');
    expect(await card.textContent()).toContain('Binance-10,00 USD');

    // A movement of the day shows in the list below the transactions.
    await call(
      s,
      'POST',
      `/api/ledgers/${ledgerId}/movimientos`,
      { tipo: 'aporte', fecha: todayKey(TZ), moneda: 'USD', monto: '50', cuenta_destino_id: binance.id },
      ana.token,
    );
    await page.reload();
    await page.getByTestId('balance-disponible-ves').waitFor();
    await expect.poll(() => page.getByTestId('day-movimientos').textContent(), { timeout: 10_000 }).toContain('Aporte');
    expect(await page.getByTestId('day-movimientos').textContent()).toContain('50,00 USD');
    await expect.poll(() => card.textContent()).toContain('Binance40,00 USD'); // −10 + 50
    // The form starts from the last choice for this ledger.
    await expect.poll(() => ves.locator('option:checked').textContent()).toBe('Banesco');
    expect(await usd.locator('option:checked').textContent()).toBe('Binance');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await card.getByRole('link', { name: 'Ver cuentas' }).click();
    await page.waitForURL(`**/ledger/${ledgerId}/cuentas`);
    await expect.poll(() => page.getByTestId('cuenta-Banesco').textContent()).toContain('3.100,00 Bs.S');
    await screenshot(page, 'cuentas-from-the-form');
  });

  it('a sale queued offline into Banesco, archived meanwhile, goes to Sin asignar and the dashboard says so (DESIGN §28)', async () => {
    const s = await openBrowser();
    sessions.push(s);
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const banesco = await cuenta(s, ana, ledgerId, { nombre: 'Banesco', moneda: 'VES' });
    const { page } = s;
    await page.goto(`/dashboard?ledger=${ledgerId}&date=${todayKey(TZ)}`);
    await waitForServiceWorker(page);
    await page.reload();
    await page.getByTestId('balance-disponible-ves').waitFor();
    await page.getByLabel('Cuenta Bs', { exact: true }).selectOption({ label: 'Banesco' });

    // Offline: the sale waits in the queue, naming its account.
    await s.context.setOffline(true);
    await addSale(page, '10', '310');
    await page.getByTestId('queued-row').waitFor();
    expect(await page.getByTestId('queued-row-cuentas').textContent()).toBe('Bs Banesco');
    // Meanwhile (another device) Banesco is archived; it was never used, so it may be.
    await call(s, 'PUT', `/api/ledgers/${ledgerId}/cuentas/${banesco.id}`, { archivada: true }, ana.token);

    // Back online the queue sends it: the row is kept, in Sin asignar, and the user is told.
    await s.context.setOffline(false);
    await page.getByText('La cuenta Banesco se archivó mientras la operación esperaba: quedó en Sin asignar').waitFor({ timeout: 30_000 });
    const day = await call<{
      transacciones_con_acumulados: Array<{ venta: number; cuenta_ves_id?: string }>;
      sin_asignar?: { ves: number };
    }>(s, 'GET', `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${todayKey(TZ)}`, undefined, ana.token);
    expect(day.transacciones_con_acumulados.map((t) => [t.venta, t.cuenta_ves_id ?? null])).toEqual([[10, null]]);
    expect(day.sin_asignar?.ves).toBe(3100); // 10 × 310
    await screenshot(page, 'cuentas-queued-archived');
  });
});
