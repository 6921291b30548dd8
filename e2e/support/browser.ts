import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

export const artifactsDir = path.resolve('artifacts/e2e');

export interface Session {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  isMobile?: boolean;
  /** A touch screen: taps, and no hover (CSS `(hover: none)`). */
  hasTouch?: boolean;
  /** The browser's own language (default es-ES): what a native number input read "," and "." by (issue 36). */
  locale?: string;
}

/**
 * A fresh Chromium profile (its own --user-data-dir): separate storage, so two sessions are two
 * different users. Locale, time zone and viewport are pinned; only the app's origin is reachable.
 */
export async function openBrowser(opts: OpenOptions = {}): Promise<Session> {
  const baseURL = inject('baseURL');
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-chrome-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: opts.locale ?? 'es-ES',
    timezoneId: 'America/Caracas',
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    isMobile: opts.isMobile ?? false,
    hasTouch: opts.hasTouch ?? false,
    baseURL,
    acceptDownloads: true,
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return {
    context,
    page,
    baseURL,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
