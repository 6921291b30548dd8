import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, messages, t, todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { personalLedger, signUp } from './support/accounts.ts';

/*
 * Average cost (docs/product.md#profit-method-and-position, issue 18): Ana trades one side at a time, as Binance orders come. She
 * switches her ledger to "Costo promedio", buys 100 USD yesterday and sells them today with a fee,
 * and sees the position on the dashboard and the realized profit on the ledger's history page.
 * The session pins America/Caracas, so "today" and "yesterday" are Caracas days. The fake rates
 * upstream of the e2e server answers the parallel rate 310,50 Bs (apps/server/test/support/fake-rates.ts).
 */
const TZ = 'America/Caracas';

async function openDashboard(page: Page, ledgerId: string, date: string): Promise<void> {
  await page.goto(`/dashboard?ledger=${ledgerId}&date=${date}`);
  await page.getByTestId('balance-disponible-ves').waitFor();
}

async function chooseAverageCost(page: Page): Promise<void> {
  await page.goto('/history');
  await page.getByRole('listitem', { name: 'Mi Registro' }).getByRole('button', { name: 'Gestionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gestión del grupo' });
  // One sentence explains each method.
  await dialog.getByText(messages.metodoPorOperacion).waitFor();
  // The radio follows the stored ledger: it turns on once the server has saved the choice. A click
  // only asks, naming what the change recomputes (issue 36); Ana confirms.
  await dialog.getByLabel(messages.metodoCostoPromedio).click();
  const confirm = page.getByRole('dialog', { name: t('metodoConfirmTitle', { metodo: messages.metodoNombreCostoPromedio }) });
  await confirm.getByText(messages.metodoConfirmText).waitFor();
  await confirm.getByRole('button', { name: messages.metodoConfirmLabel }).click();
  await dialog.getByText(t('metodoChanged', { metodo: messages.metodoNombreCostoPromedio })).waitFor();
  await expect.poll(() => dialog.getByLabel(messages.metodoCostoPromedio).isChecked()).toBe(true);
  await page.keyboard.press('Escape');
}

interface Trade {
  venta?: string;
  tasaVenta?: string;
  compra?: string;
  tasaCompra?: string;
  comision?: string;
}

async function record(page: Page, tx: Trade): Promise<void> {
  const rows = await page.getByTestId('tx-row').count();
  const fields: Array<[string, string | undefined]> = [
    ['Venta (USD)', tx.venta],
    ['Tasa de venta (Bs)', tx.tasaVenta],
    ['Compra (USD)', tx.compra],
    ['Tasa de compra (Bs)', tx.tasaCompra],
    ['Comisión (USD)', tx.comision],
  ];
  for (const [label, value] of fields) if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Agregar Transacción' }).click();
  await expect.poll(() => page.getByTestId('tx-row').count()).toBe(rows + 1);
}

const position = (page: Page, id: 'open' | 'average' | 'unrealized') => page.getByTestId(`position-${id}`).textContent();

describe('average cost', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('a lone purchase and a later lone sale with a fee: position, realized profit per day and per member, by hand', async () => {
    s = await openBrowser();
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    const today = todayKey(TZ);
    const yesterday = addDays(today, -1);

    await chooseAverageCost(page);

    // Yesterday: a lone purchase of 100 USD at 300 Bs. It opens a long position and realizes nothing.
    await openDashboard(page, ledgerId, yesterday);
    await record(page, { compra: '100', tasaCompra: '300' });
    const bought = page.getByTestId('tx-row').first();
    await expect.poll(() => bought.textContent()).toContain('Compra: 100,00 USD a 300,00 Bs');
    await expect.poll(() => bought.textContent()).toContain('Ganancia: 0,00 USD · 0,00 Bs.S');
    await expect.poll(() => position(page, 'open')).toBe('100,00 USD (comprados)');
    await expect.poll(() => position(page, 'average')).toBe('300,00 Bs/USD');

    // Today, before selling: the position carries over. Once the rates panel has stored the
    // parallel rate, the unrealized profit is priced at it: 100 × (310,50 − 300) = 1.050,00 Bs,
    // 1.050 / 310,50 = 3,3816… → 3,38 USD.
    await openDashboard(page, ledgerId, today);
    await page
      .getByRole('button', { name: /Usar tasa paralela \(310,50 Bs\)/ })
      .first()
      .waitFor();
    await page.reload();
    await page.getByTestId('balance-disponible-ves').waitFor();
    await expect.poll(() => position(page, 'open')).toBe('100,00 USD (comprados)');
    await page.getByText('Ganancia no realizada (tasa paralelo 310,50 Bs)').waitFor();
    await expect.poll(() => position(page, 'unrealized')).toBe('3,38 USD · 1.050,00 Bs.S');
    await screenshot(page, 'average-cost-open-position');

    // Today: a lone sale of 100 USD at 320 Bs with a fee of 1,50 USD. It closes the long:
    // 100 × (320 − 300) = 2.000 Bs, 2.000 / 320 = 6,25 USD; the fee costs 1,50 USD and
    // 1,50 × 320 = 480 Bs: realized 6,25 − 1,50 = 4,75 USD and 2.000 − 480 = 1.520,00 Bs.
    await record(page, { venta: '100', tasaVenta: '320', comision: '1.5' });
    const sold = page.getByTestId('tx-row').first();
    await expect.poll(() => sold.textContent()).toContain('Comisión: 1,50 USD');
    await expect.poll(() => sold.textContent()).toContain('Ganancia: 4,75 USD · 1.520,00 Bs.S');
    // The position is closed.
    await page.getByTestId('position-flat').waitFor();
    expect(await page.getByTestId('position-flat').textContent()).toBe('Sin posición abierta');
    await screenshot(page, 'average-cost-closed');

    // The ledger's history: realized profit per day (newest first) and per member.
    await page.goto(`/ledger/${ledgerId}/history`);
    const perDay = page.getByRole('table', { name: 'Ganancia realizada por día' });
    await perDay.waitFor();
    const dayRows = perDay.getByRole('row');
    // header + today + yesterday
    await expect.poll(() => dayRows.count()).toBe(3);
    const cells = async (row: number) => (await dayRows.nth(row).getByRole('cell').allTextContents()).slice(1);
    // Today: 1 operation, 4,75 USD and 1.520,00 Bs realized, flat.
    expect(await cells(1)).toEqual(['1', '4,75 USD', '1.520,00 Bs.S', '—']);
    // Yesterday: 1 operation, nothing realized, long 100 USD at 300 Bs.
    expect(await cells(2)).toEqual(['1', '0,00 USD', '0,00 Bs.S', '100,00 USD @ 300,00 Bs']);

    const perMember = page.getByRole('table', { name: 'Ganancia por miembro' });
    const anaRow = perMember.getByRole('row', { name: /Ana/ });
    // Ana's own book: the same 2 operations, 4,75 USD and 1.520,00 Bs realized over the range, nothing open.
    expect(await anaRow.getByRole('cell').allTextContents()).toEqual(['Ana', '2', '4,75 USD', '1.520,00 Bs.S', '0,00 USD', '—']);
    // Under the table, why the members' profits need not add up to the ledger's (issue 36).
    await page.getByText(messages.pnlMembersNote).waitFor();
    // The log names the sale without the per-operation profit (100 − 1,50 = 98,50 USD), which is not
    // what this ledger realized (issue 36).
    const saleLine = page.getByTestId('activity-list').getByText(/creó una transacción.*venta 100,00, tasa venta 320,00 Bs/);
    await saleLine.waitFor();
    expect(await saleLine.textContent()).not.toContain('ganancia');
    // The activity names the switch in words.
    await page.getByText('Ana cambió el método de ganancia a costo promedio').waitFor();
    await screenshot(page, 'average-cost-history');
  });
});
