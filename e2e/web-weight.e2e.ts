import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { registerVerifiedUser } from './support/users.ts';
import { describeWeight, launchChromium, measureDashboard, measureLogin, WEB_BUDGET_KB } from './support/web-weight.ts';

/*
 * docs/benchmarks.md web budgets, counted the way a visitor's browser downloads: every JS file a fresh
 * Chromium loads, idle chunks included, sized as the gzip the server sends. This is the budget
 * check of `npm test` (the build manifest cannot see what the page loads at run time).
 * bench/web-weight.ts prints the same figures with a report of what is inside each file.
 */
describe('web weight', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser.close());

  it('a first visit to /login loads at most 160 KB gzip of JavaScript up to 5 s after its load event, and no service worker', async () => {
    const w = await measureLogin(browser, inject('baseURL'));
    console.info(`/login: ${w.kb.toFixed(1)} KB gzip in ${w.files.length} files`);
    expect(w.kb, `/login loaded:\n${describeWeight(w)}`).toBeLessThanOrEqual(WEB_BUDGET_KB.login);
    // The precache (the whole app, ~1 MB) must not compete with the form (docs/benchmarks.md).
    expect(w.serviceWorker).toBe(false);
  });

  it('opening /login, signing in and 5 s of the dashboard load at most 300 KB gzip of JavaScript; the service worker comes after sign-in', async () => {
    const user = await registerVerifiedUser({ name: 'Peso Web' });
    const w = await measureDashboard(browser, inject('baseURL'), user);
    console.info(`/dashboard: ${w.kb.toFixed(1)} KB gzip in ${w.files.length} files`);
    expect(w.kb, `/login → /dashboard loaded:\n${describeWeight(w)}`).toBeLessThanOrEqual(WEB_BUDGET_KB.dashboard);
    // The dashboard's own chunks were counted, not only the login page's: its file is named after
    // its group (apps/web/vite.config.ts, docs/decisions/0019-dashboard-first-paint.md).
    expect(w.files.some((f) => /\/dashboard-[\w-]+\.js$/.test(f.path))).toBe(true);
    // Its MUI is its own file; the other pages' (tables, selects, switches, dialogs: 25 KB gzip)
    // is not downloaded at all (docs/decisions/0028-the-dashboards-own-mui.md).
    expect(w.files.some((f) => /\/mui-dashboard-[\w-]+\.js$/.test(f.path))).toBe(true);
    expect(w.files.filter((f) => /\/mui-[\w-]{8}\.js$/.test(f.path)).map((f) => f.path)).toEqual([]);
    expect(w.serviceWorker).toBe(true);
  });
});
