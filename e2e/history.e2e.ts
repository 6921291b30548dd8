import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, formatDayShort, todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp, type Account } from './support/accounts.ts';

/*
 * The ledger-history journey of issue 7 against the real server: Mis Registros → Historial →
 * a date → the dashboard on that date, and the activity log showing an edit with its before and
 * after values. The data is put in through the API (the dashboard has its own journeys); the
 * browser pins America/Caracas, as the server's APP_TIMEZONE does, so "today" is the same day.
 */
const TZ = 'America/Caracas';
/** A sale of `venta` USD alone: its profit is +venta USD (docs/product.md#money). */
async function sale(s: Session, a: Account, ledgerId: string, fecha: string, venta: number): Promise<string> {
  const { transaction } = await call<{ transaction: { id: string } }>(
    s,
    'POST',
    '/api/transactions',
    { venta, tasa_venta: 40, ledgerId, fecha, notas: '' },
    a.token,
  );
  return transaction.id;
}

const tile = (page: Page, id: string) => page.getByTestId(id).locator('p').nth(1).textContent();

describe('ledger history', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('Mis Registros → Historial → a date → the dashboard on that date; the activity shows an edit before → after', async () => {
    s = await openBrowser();
    const { page } = s;
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const today = todayKey(TZ);
    const yesterday = addDays(today, -1);

    // Yesterday a sale of 100 USD, edited to 120; today a sale of 10 USD.
    const edited = await sale(s, ana, ledgerId, yesterday, 100);
    await call(s, 'PUT', `/api/transactions/${edited}`, { venta: 120, tasa_venta: 40, fecha: yesterday, notas: '' }, ana.token);
    await sale(s, ana, ledgerId, today, 10);

    await page.goto('/history');
    await page.getByRole('listitem', { name: 'Mi Registro' }).getByRole('button', { name: 'Historial' }).click();
    await page.waitForURL(`**/ledger/${ledgerId}/history`);

    await page.getByRole('heading', { level: 1, name: 'Mi Registro' }).waitFor();
    await expect.poll(() => page.getByTestId('days-chip').textContent()).toBe('2 días con transacciones');
    // Total profit 120 + 10 = 130 USD in 2 transactions; both days are in the last 7 days.
    await expect.poll(() => tile(page, 'total-ganancia')).toBe('130,00 USD');
    expect(await tile(page, 'total-count')).toBe('2');
    expect(await tile(page, 'd7-ganancia')).toBe('130,00 USD');
    expect(await tile(page, 'd7-count')).toBe('2');
    // No base: 40 Bs for each of the 130 USD sold, and 130 USD gone.
    expect(await tile(page, 'total-saldo-ves')).toBe('5.200,00 Bs.S');
    expect(await tile(page, 'total-saldo-usd')).toBe('-130,00 USD');

    // The chart: one green bar per day, oldest first.
    const bars = page.getByTestId('daily-profit-chart').getByRole('img');
    await expect.poll(() => bars.count()).toBe(2);
    expect(await bars.first().getAttribute('aria-label')).toBe(`${formatDayShort(yesterday)}: 120,00 USD (1 transacción)`);

    // The activity log: the edit, with the value before and after.
    const activity = page.getByTestId('activity-list');
    await activity.getByText(`Ana editó una transacción del ${formatDayShort(yesterday)}: venta 100,00 → 120,00`).waitFor();
    await screenshot(page, 'history');

    // Yesterday's date opens the dashboard on that day, with its one transaction.
    const dates = page.getByRole('list', { name: 'Fechas con transacciones' });
    await dates.getByRole('link').nth(1).click();
    await page.waitForURL(
      (u) => u.pathname === '/dashboard' && u.searchParams.get('ledger') === ledgerId && u.searchParams.get('date') === yesterday,
    );
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);
    // Ana chose that day herself: the dashboard does not ask whether she meant today (issue 25).
    expect(await page.getByRole('region', { name: 'Registro de hoy' }).count()).toBe(0);
  });
});
