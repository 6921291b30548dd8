import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { screenshot, type Session } from './support/browser.ts';
import { ledgerWithTwoMembers } from './support/accounts.ts';

/*
 * Binance P2P import (docs/product.md#binance-import, issue 19): Ana uploads her order history, checks the preview and
 * imports it; the orders appear in the day's list, and Beto, in the same ledger, sees them arrive
 * without reloading.
 */
const TZ = 'America/Caracas';

async function openDashboard(page: Page, ledgerId: string): Promise<void> {
  await page.goto(`/dashboard?ledger=${ledgerId}&date=${todayKey(TZ)}`);
  await page.getByTestId('balance-disponible-ves').waitFor();
  await page.getByText('Conectado en tiempo real').waitFor();
}

/** Today's export as Binance writes it: newest first, BOM, fee columns; one cancelled order. */
function todaysExport(): Buffer {
  const day = todayKey(TZ);
  const header =
    'Order Number,Order Type,Asset Type,Fiat Type,Total Price,Price,Quantity,Exchange rate,Maker Fee,Maker Fee Rate,Taker Fee,Taker Fee Rate,Couterparty,Status,Created Time';
  const suffix = String(Date.now()).slice(-8);
  const rows = [
    `227451887455${suffix},Sell,USDT,VES,"4,000.00",40.0000,100.00,x,0,0%,0,0%,carla_p2p,Completed,${day} 00:03:00`,
    `227451887454${suffix},Buy,USDT,VES,"3,900.00",39.0000,100.00,x,0,0%,0,0%,pepe_p2p,Completed,${day} 00:02:00`,
    `227451887453${suffix},Buy,USDT,VES,"390.00",39.0000,10.00,x,0,0%,0,0%,nadie,Cancelled,${day} 00:01:00`,
  ];
  return Buffer.from(`\uFEFF${header}\n${rows.join('\n')}\n`);
}

describe('Importar de Binance', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('upload, preview, import: the orders are in the day’s list, another member sees them live, and the history undoes it', async () => {
    const { ana, beto, ledgerId } = await ledgerWithTwoMembers(sessions);

    await openDashboard(ana.page, ledgerId);
    await openDashboard(beto.page, ledgerId);
    await beto.page.evaluate(() => Object.assign(window, { __sinRecargar: true }));

    await ana.page.getByRole('button', { name: 'Importar de Binance' }).click();
    const dialog = ana.page.getByRole('dialog', { name: 'Importar órdenes de Binance P2P' });
    // The ledger counts profit per operation: the dialog says what one-sided orders mean.
    await dialog.getByText('Las órdenes importadas son de un solo lado', { exact: false }).waitFor();
    await dialog.getByTestId('import-file').setInputFiles({ name: 'binance-hoy.csv', mimeType: 'text/csv', buffer: todaysExport() });
    await dialog.getByText('2 nuevas').waitFor();
    await dialog.getByText('0 duplicadas').waitFor();
    await dialog.getByText('1 omitidas').waitFor();
    await dialog.getByText('Estado: Cancelled').waitFor();
    await screenshot(ana.page, 'import-preview');
    await dialog.getByRole('button', { name: 'Importar 2 operaciones' }).click();
    await ana.page.getByText('Importación completada: 2 operaciones').waitFor();

    // Sold 100 and bought 100: available USD stays 0 − 100 + 100 = 0; the rows are in the list.
    await ana.page.getByText('Binance P2P #', { exact: false }).first().waitFor();
    await expect.poll(() => ana.page.getByText('Binance P2P #', { exact: false }).count()).toBe(2);
    await expect.poll(() => beto.page.getByText('Binance P2P #', { exact: false }).count(), { timeout: 10_000 }).toBe(2);
    expect(await beto.page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
    await screenshot(beto.page, 'import-member-sees-rows');

    // The ledger's history lists the import; Ana undoes it and the rows leave Beto's screen too.
    await ana.page.goto(`/ledger/${ledgerId}/history`);
    await ana.page.getByText('binance-hoy.csv · 2 operaciones').waitFor();
    await ana.page.getByText('Ana importó 2 operaciones').waitFor();
    await ana.page.getByRole('button', { name: 'Deshacer importación' }).click();
    await ana.page.getByText('Deshecha', { exact: true }).waitFor();
    await expect.poll(() => beto.page.getByText('Binance P2P #', { exact: false }).count(), { timeout: 10_000 }).toBe(0);

    // A mistaken undo is taken back from its snackbar (docs/product.md#undo): the orders return for both.
    await ana.page.getByRole('button', { name: 'Deshacer', exact: true }).click();
    await ana.page.getByRole('button', { name: 'Deshacer importación' }).waitFor();
    await expect.poll(() => beto.page.getByText('Binance P2P #', { exact: false }).count(), { timeout: 10_000 }).toBe(2);
  });
});
