import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

/*
 * Steps of the offline journeys (docs/product.md#working-offline): the service worker's
 * arrival, and operations typed into the dashboard's form.
 */

/** Waits until a service worker controls `page` (its precache is in: the shell reloads offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * Holds the browser's download of the service worker's script until `release()`: the pages loaded
 * meanwhile are not controlled, as when a worker is still installing (a slow connection's precache).
 */
export async function holdServiceWorker(context: BrowserContext): Promise<{ release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/sw.js', async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release() };
}

/** Types a sale into the dashboard's form and adds it; the form is free again once it is sent or queued. */
export async function addSale(page: Page, venta: string, tasa: string): Promise<void> {
  await page.getByLabel('Venta (USD)', { exact: true }).fill(venta);
  await page.getByLabel('Tasa de venta (Bs)', { exact: true }).fill(tasa);
  await page.getByRole('button', { name: 'Agregar Transacción' }).click();
  await expect.poll(() => page.getByLabel('Venta (USD)', { exact: true }).inputValue()).toBe('');
}
