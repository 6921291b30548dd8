import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

/*
 * docs/benchmarks.md, counting web weight, measured in Chromium (not read from the build manifest, which
 * misses what the page decides to load at run time: idle chunks, lazy dialogs):
 *   /login      every JS file loaded up to 5 s after its load event;
 *   /dashboard  all JS from opening /login through 5 s after the dashboard shows, in a fresh browser.
 * A service worker's own downloads (its precache) are not the page's and are not counted; the app
 * registers it only after sign-in. Used by the budget journey (e2e/web-weight.e2e.ts, in `npm test`)
 * and by bench/web-weight.ts, so both count the same bytes.
 */

/** docs/benchmarks.md budgets, KB of gzip. */
export const WEB_BUDGET_KB = { login: 160, dashboard: 300 } as const;
/** How long after the load event (/login) or the dashboard's first paint files still count. */
export const SETTLE_MS = 5_000;

export interface JsFile {
  /** Path on the server, e.g. /assets/index-abc.js. */
  path: string;
  /** Bytes of the file as gzip at level 9, what the server sends as its `.gz` (docs/benchmarks.md). */
  gzip: number;
  raw: number;
}

export interface Weight {
  files: JsFile[];
  /** Sum of `gzip`, in KB (1 KB = 1024 bytes). */
  kb: number;
  /** Whether the page had registered a service worker by the end of the count. */
  serviceWorker: boolean;
}

/** Every JS file the page's own requests receive, in order; the service worker's fetches excluded. */
export function recordJs(page: Page): () => Promise<Weight> {
  const pending: Array<Promise<JsFile>> = [];
  page.on('response', (res) => {
    const req = res.request();
    if (req.serviceWorker() || req.resourceType() !== 'script' || !res.ok()) return;
    const url = res.url();
    // Chromium drops a body when its page navigates away; the same file is then asked of the server.
    const body = res.body().catch(async () => Buffer.from(await (await fetch(url)).arrayBuffer()));
    pending.push(body.then((b) => ({ path: new URL(url).pathname, raw: b.length, gzip: gzipSync(b, { level: 9 }).length })));
  });
  return async () => {
    const seen = new Map<string, JsFile>();
    for (const f of await Promise.all(pending)) if (!seen.has(f.path)) seen.set(f.path, f);
    const files = [...seen.values()];
    // Runs in the page; bench/, which imports this file, compiles without the DOM types.
    type Nav = { navigator: { serviceWorker: { getRegistrations(): Promise<unknown[]> } } };
    const serviceWorker = await page.evaluate(
      async () => (await (globalThis as unknown as Nav).navigator.serviceWorker.getRegistrations()).length > 0,
    );
    return { files, kb: files.reduce((s, f) => s + f.gzip, 0) / 1024, serviceWorker };
  };
}

export async function fresh(browser: Browser): Promise<Page> {
  // A new context is a new profile: empty HTTP cache, storage and service workers.
  const context = await browser.newContext({
    locale: 'es-ES',
    timezoneId: 'America/Caracas',
    viewport: { width: 412, height: 823 },
    isMobile: true,
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** JS a first visit to /login loads, up to SETTLE_MS after its load event. */
export async function measureLogin(browser: Browser, baseURL: string): Promise<Weight> {
  const page = await fresh(browser);
  try {
    const collect = recordJs(page);
    await page.goto(`${baseURL}/login`, { waitUntil: 'load' });
    await page.getByRole('form', { name: 'Iniciar Sesión' }).waitFor();
    await page.waitForTimeout(SETTLE_MS);
    return await collect();
  } finally {
    await page.context().close();
  }
}

/** Opens /login, signs in through the form and waits for the dashboard's balances. */
export async function signInToDashboard(page: Page, baseURL: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseURL}/login`, { waitUntil: 'load' });
  const form = page.getByRole('form', { name: 'Iniciar Sesión' });
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
  await page.getByTestId('balance-disponible-ves').waitFor();
}

/**
 * JS from opening /login, signing in through the form, until SETTLE_MS after the dashboard shows
 * its balances. The account must be verified and own a ledger (every account gets one at sign-up).
 */
export async function measureDashboard(browser: Browser, baseURL: string, account: { email: string; password: string }): Promise<Weight> {
  const page = await fresh(browser);
  try {
    const collect = recordJs(page);
    await signInToDashboard(page, baseURL, account);
    await page.waitForTimeout(SETTLE_MS);
    return await collect();
  } finally {
    await page.context().close();
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** One line per file, biggest first: what a failing budget names. */
export function describeWeight(w: Weight): string {
  return [...w.files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.path}`)
    .join('\n');
}
