import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Session } from './support/browser.ts';

describe('app shell', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser();
  });
  afterEach(async () => s.close());

  it('serves the app, and an unknown path shows "Página no encontrada" with a way back', async () => {
    const res = await s.page.goto('/esto/no/existe');
    expect(res?.status()).toBe(200); // history fallback: the SPA answers every non-API path
    await s.page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    expect(await s.page.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/dashboard');
    await screenshot(s.page, 'not-found');
  });

  it('paints a loading screen from the HTML before any script, which the app replaces (docs/decisions/0019-dashboard-first-paint.md)', async () => {
    // Scripts held back: what shows is index.html's own screen, a status like FullPageSpinner's.
    await s.page.route('**/assets/*.js', (route) => route.abort());
    await s.page.goto('/login');
    expect(await s.page.getByRole('status').textContent()).toBe('Cargando...');
    expect(await s.page.getByRole('heading').count()).toBe(0);
    await s.page.unroute('**/assets/*.js');
    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Arbitraje USD/VES' }).waitFor();
    // Replaced, not kept beside the app: no second status, heading or landmark.
    expect(await s.page.locator('#root .boot').count()).toBe(0);
    expect(await s.page.getByText('Cargando...').count()).toBe(0);
  });

  it('a signed-out visitor of /dashboard lands on /login', async () => {
    await s.page.goto('/dashboard');
    await s.page.waitForURL('**/login');
  });

  it('toggles the theme and keeps it after a reload', async () => {
    await s.page.goto('/esto/no/existe');
    const bg = () => s.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The first render is a transition: read the theme once the app has painted.
    const toDark = s.page.getByRole('button', { name: 'Cambiar a tema oscuro' });
    await toDark.waitFor();
    expect(await bg()).toBe('rgb(255, 255, 255)');
    await toDark.click();
    await expect.poll(bg).not.toBe('rgb(255, 255, 255)');
    const dark = await bg();
    await s.page.reload();
    await s.page.getByRole('button', { name: 'Cambiar a tema claro' }).waitFor();
    expect(await bg()).toBe(dark);
  });

  it('tells crawlers that only the sign-in page is public', async () => {
    const robots = await s.page.request.get('/robots.txt');
    expect(robots.ok()).toBe(true);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/User-agent: \*\nAllow: \/login\nDisallow: \/\n/);
  });

  it('serves a manifest and a service worker for the installable app', async () => {
    const manifest = await s.page.request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect((await manifest.json()) as object).toMatchObject({ name: 'Arbitraje USD/VES', display: 'standalone' });
    const sw = await s.page.request.get('/sw.js');
    expect(sw.ok()).toBe(true);
  });

  it('every page is served with a strict CSP that the built app satisfies (no violations)', async () => {
    const violations: string[] = [];
    s.page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    for (const url of ['/login', '/forgot-password', '/dashboard', '/no-existe']) {
      const res = await s.page.goto(url);
      const headers = res!.headers();
      expect(headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(headers['x-frame-options'] ?? headers['content-security-policy'], url).toBeTruthy();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      await s.page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});
