import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, messages, todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp } from './support/accounts.ts';
import { parallelRateAt } from './support/rates.ts';

/*
 * The dashboard journeys of issue 6, against the real server. Users are signed up through the API
 * (the auth screens have their own journeys) and the session is put where the web app keeps it.
 * Dates are the browser's: the session pins America/Caracas, so "today" is computed there.
 */
const TZ = 'America/Caracas';
async function openDashboard(page: Page, ledgerId: string, date = todayKey(TZ)): Promise<void> {
  await page.goto(`/dashboard?ledger=${ledgerId}&date=${date}`);
  await page.getByTestId('balance-disponible-ves').waitFor();
}

/** Full-page screenshots from the top, so the sticky app bar sits where a user sees it. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const balance = (page: Page, id: string) => page.getByTestId(`balance-${id}`).textContent();

async function expectBalances(page: Page, expected: Record<string, string>): Promise<void> {
  for (const [id, text] of Object.entries(expected)) await expect.poll(() => balance(page, id)).toBe(text);
}

interface TxFields {
  venta?: string;
  tasaVenta?: string;
  compra?: string;
  tasaCompra?: string;
}

async function fillTransaction(scope: Page | ReturnType<Page['getByRole']>, tx: TxFields): Promise<void> {
  const fields: Array<[string, string | undefined]> = [
    ['Venta (USD)', tx.venta],
    ['Tasa de venta (Bs)', tx.tasaVenta],
    ['Compra (USD)', tx.compra],
    ['Tasa de compra (Bs)', tx.tasaCompra],
  ];
  for (const [label, value] of fields) if (value !== undefined) await scope.getByLabel(label, { exact: true }).fill(value);
}

async function setBase(page: Page, currency: 'Bs.S' | 'USD', value: string): Promise<void> {
  await page.getByRole('button', { name: `Editar saldo base ${currency}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`Saldo base (${currency})`).fill(value);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('dashboard', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('adds a sale + purchase, edits it, verifies it and deletes it, with the figures computed by hand', async () => {
    s = await openBrowser();
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    await openDashboard(page, ledgerId);

    // Base 1.000 Bs.S and 500 USD.
    await setBase(page, 'Bs.S', '1000');
    await setBase(page, 'USD', '500');
    await expectBalances(page, {
      'base-ves': '1.000,00 Bs.S',
      'base-usd': '500,00 USD',
      'disponible-ves': '1.000,00 Bs.S',
      'disponible-usd': '500,00 USD',
    });

    // Sell 250 USD at 40,50 (10.125 Bs received), buy 200 USD at 40 (8.000 Bs paid).
    await fillTransaction(page, { venta: '250', tasaVenta: '40.5', compra: '200' });
    expect(await page.getByTestId('profit-preview').count()).toBe(0); // only with all four filled
    await fillTransaction(page, { tasaCompra: '40' });
    // Preview: (10.125 − 8.000) / 40 = 53,125 → 53,13 USD
    await expect.poll(() => page.getByTestId('profit-preview').textContent()).toBe('Ganancia estimada: 53,13 USD');
    await page.getByLabel('Notas').fill('primera operación');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByLabel('Venta (USD)', { exact: true }).inputValue()).toBe(''); // cleared

    await expectBalances(page, {
      'ganancia-ves': '2.125,00 Bs.S', // 10.125 − 8.000
      'ganancia-usd': '53,13 USD', // 2.125 / 40
      'disponible-ves': '3.125,00 Bs.S', // 1.000 + 10.125 − 8.000
      'disponible-usd': '450,00 USD', // 500 − 250 + 200
      'venta-total': '250,00 USD',
      'compra-total': '200,00 USD',
      'tasa-venta': '40,50 Bs',
      'tasa-compra': '40,00 Bs',
      'verificado-ves': '1.000,00 Bs.S', // nothing verified yet: the base only
      'verificado-usd': '500,00 USD',
    });
    const row = page.getByTestId('tx-row').first();
    expect(await row.textContent()).toContain('Registrado por Ana');
    expect(await row.textContent()).toContain('primera operación');

    // Edit: the purchase becomes 150 USD. (10.125 − 6.000) = 4.125 Bs → 4.125 / 40 = 103,125 → 103,13 USD.
    await page.getByRole('button', { name: 'Editar transacción 1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Compra (USD)', { exact: true }).fill('150');
    await expect.poll(() => dialog.getByTestId('profit-preview').textContent()).toBe('Ganancia estimada: 103,13 USD');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectBalances(page, {
      'ganancia-usd': '103,13 USD',
      'disponible-ves': '5.125,00 Bs.S', // 1.000 + 10.125 − 6.000
      'disponible-usd': '400,00 USD', // 500 − 250 + 150
      'verificado-ves': '1.000,00 Bs.S',
    });

    // Verify it: the verified-only balances now count it.
    await row.getByRole('checkbox', { name: 'Verificada' }).check();
    await expectBalances(page, { 'verificado-ves': '5.125,00 Bs.S', 'verificado-usd': '400,00 USD' });

    await shoot(page, 'dashboard-desktop-light');

    // Delete it, after confirming.
    await page.getByRole('button', { name: 'Eliminar transacción 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(0);
    await expectBalances(page, { 'disponible-ves': '1.000,00 Bs.S', 'disponible-usd': '500,00 USD', 'ganancia-usd': '0,00 USD' });
  });

  it("an edit of a row someone else changed meanwhile shows the server's message and the fresh row", async () => {
    s = await openBrowser();
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const ana = await signUp(s, 'Conflicto');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    const today = todayKey(TZ);
    await openDashboard(page, ledgerId, today);
    await fillTransaction(page, { venta: '100', tasaVenta: '40' });
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);

    await page.getByRole('button', { name: 'Editar transacción 1' }).click();
    const dialog = page.getByRole('dialog');
    // Meanwhile, another tab saves a new sale amount (70 USD).
    const day = await call<{ transacciones_con_acumulados: Array<{ id: string; version: number }> }>(
      s,
      'GET',
      `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${today}`,
      undefined,
      ana.token,
    );
    const [row] = day.transacciones_con_acumulados;
    const res = await fetch(`${s.baseURL}/api/transactions/${row?.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ venta: 70, tasa_venta: 40, compra: 0, tasa_compra: 0, notas: '', fecha: today, version: row?.version }),
    });
    expect(res.status).toBe(200);

    await dialog.getByLabel('Venta (USD)', { exact: true }).fill('90');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(messages.txStale).waitFor();
    // The list shows what the other tab saved: 70 USD sold at 40 → profit +70 USD.
    await expectBalances(page, { 'venta-total': '70,00 USD', 'ganancia-usd': '70,00 USD' });
  });

  it('the owner resets the day after confirming: no transactions, base 0 and 0', async () => {
    s = await openBrowser();
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const ana = await signUp(s, 'Reset');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    await openDashboard(page, ledgerId);
    await setBase(page, 'USD', '300');
    await fillTransaction(page, { compra: '50', tasaCompra: '40' });
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expectBalances(page, { 'disponible-usd': '350,00 USD' }); // 300 + 50 bought

    await page.getByRole('button', { name: 'Restablecer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1); // nothing happened
    await page.getByRole('button', { name: 'Restablecer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restablecer' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(0);
    await expectBalances(page, { 'base-usd': '0,00 USD', 'disponible-usd': '0,00 USD' });
  });

  it('exports the day as an xlsx file that opens', async () => {
    s = await openBrowser();
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const ana = await signUp(s, 'Exporta');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    const today = todayKey(TZ);
    await openDashboard(page, ledgerId, today);

    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    await page.getByText('No hay transacciones para exportar en esta fecha').waitFor();

    await fillTransaction(page, { venta: '100', tasaVenta: '41', compra: '100', tasaCompra: '40' });
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar Excel' }).click()]);
    // docs/product.md#rates-and-export: arbitraje-{ledger name, made filesystem-safe}-{date}.xlsx
    expect(download.suggestedFilename()).toMatch(new RegExp(`^arbitraje-Mi[ _]Registro-${today}\\.xlsx$`));
    await page.getByText('Excel exportado exitosamente').waitFor();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-xlsx-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    expect(sheet).toBeDefined();
    const cells: unknown[] = [];
    sheet?.eachRow((r) => r.eachCell((c) => cells.push(c.value)));
    expect(cells).toContain(100); // the sale amount is a number cell
    // The success message goes away after 3 s.
    await page.getByText('Excel exportado exitosamente').waitFor({ state: 'detached', timeout: 6_000 });
  });

  it("picks yesterday, and on the next visit accepts 'Sí, crear registro de hoy' with the base carried forward", async () => {
    s = await openBrowser();
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const ana = await signUp(s, 'Ayer');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    const today = todayKey(TZ);
    const yesterday = addDays(today, -1);
    await openDashboard(page, ledgerId, today);
    expect(await page.getByRole('button', { name: 'Sí, crear registro de hoy' }).count()).toBe(0);

    await page.getByLabel('Fecha').fill(yesterday);
    await page.waitForURL((u) => u.searchParams.get('date') === yesterday);
    await setBase(page, 'Bs.S', '2500');
    await expectBalances(page, { 'base-ves': '2.500,00 Bs.S' });

    await page.reload();
    await page.getByRole('button', { name: 'Sí, crear registro de hoy' }).click();
    await page.waitForURL((u) => u.searchParams.get('date') === today);
    await expectBalances(page, { 'base-ves': '2.500,00 Bs.S', 'disponible-ves': '2.500,00 Bs.S' });
    await page.getByText('heredado del día anterior').first().waitFor();
    expect(await page.getByRole('button', { name: 'Sí, crear registro de hoy' }).count()).toBe(0);
  });

  it('a member without "Modificar saldos" sees the base balances but cannot edit them', async () => {
    s = await openBrowser();
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const owner = await signUp(s, 'Duena');
    const ledgerId = await personalLedger(s, owner);
    const rename = await fetch(`${s.baseURL}/api/ledgers/${ledgerId}/name`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ name: 'Caja de Dueña' }),
    });
    expect(rename.ok).toBe(true);
    const { inviteCode } = await call<{ inviteCode: string }>(s, 'GET', `/api/ledgers/${ledgerId}/invite`, undefined, owner.token);
    await s.close();

    s = await openBrowser();
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const member = await signUp(s, 'Miembro');
    await call(s, 'POST', '/api/ledgers/join', { inviteCode }, member.token);
    await openDashboard(s.page, ledgerId);
    await s.page.getByTestId('balance-base-ves').waitFor();
    expect(await s.page.getByRole('button', { name: /Editar saldo base/ }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: 'Restablecer' }).count()).toBe(0);

    // Their own ledger, chosen in the selector, is theirs to edit; the query string follows.
    await s.page.getByRole('combobox', { name: 'Registro' }).selectOption({ label: 'Mi Registro' });
    const own = await personalLedger(s, member);
    await s.page.waitForURL((u) => u.searchParams.get('ledger') === own);
    await s.page.getByRole('button', { name: 'Editar saldo base Bs.S' }).waitFor();
  });

  it('screenshots: light and dark, desktop and 360 px', async () => {
    s = await openBrowser({ viewport: { width: 360, height: 780 }, isMobile: true });
    await parallelRateAt(s, 40); // these days' trades are at about 40 Bs per dollar
    const ana = await signUp(s, 'Movil');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    await openDashboard(page, ledgerId);
    // By keyboard: type into each field, Enter submits the form.
    for (const [label, value] of [
      ['Venta (USD)', '120'],
      ['Tasa de venta (Bs)', '40.2'],
      ['Compra (USD)', '100'],
      ['Tasa de compra (Bs)', '39.9'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).focus();
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The app bar's links are in the menu.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('menuitem', { name: 'Mis Registros' }).waitFor();
    await page.keyboard.press('Escape');
    await shoot(page, 'dashboard-360-light');
    await page.getByRole('button', { name: 'Cambiar a tema oscuro' }).click();
    await shoot(page, 'dashboard-360-dark');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'dashboard-desktop-dark');
  });
});
