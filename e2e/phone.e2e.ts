import type { Page, Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { parallelRateAt } from './support/rates.ts';
import { call, personalLedger, signUp, type Account } from './support/accounts.ts';
import { E2E_ADMIN, loginAs } from './support/users.ts';

/*
 * Issue 22 at 360 × 760, as most of our users see the app: the form first (docs/benchmarks.md), nothing
 * scrolls sideways, and a mistaken delete or "Restablecer" can be taken back (docs/product.md#undo).
 */
const TZ = 'America/Caracas';
const PHONE = { width: 360, height: 760 };
/** Issue 22's widths: a phone, a tablet held upright, a laptop; each with a usual viewport height. */
const WIDTHS = [360, 768, 1366] as const;
const HEIGHT: Record<number, number> = { 360: 760, 768: 1024, 1366: 768 };

/** The day's dashboard at `width`, without the service worker of the previous visit (it would answer the rates from its cache). */
async function openFreshDashboard(page: Page, width: number, ledgerId: string): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT[width]! });
  await page.evaluate(async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const k of await caches.keys()) await caches.delete(k);
  });
  await page.goto(`/dashboard?ledger=${ledgerId}&date=${today()}`);
}
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const today = () => todayKey(TZ);

async function openDashboard(page: Page, ledgerId: string): Promise<void> {
  await page.goto(`/dashboard?ledger=${ledgerId}&date=${today()}`);
  await page.getByTestId('balance-disponible-ves').waitFor();
}

/** How far the page scrolls sideways (0 = not at all). */
/**
 * How far the page reaches past the screen's right edge. Measured against the layout width
 * (`clientWidth`), not `innerWidth`: with a phone's viewport (isMobile) Chromium widens `innerWidth`
 * to whatever overflows, so `scrollWidth - innerWidth` was always 0 and hid the admin page's
 * 13 px (walk3).
 */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function addSale(s: Session, a: Account, ledgerId: string, venta: number): Promise<void> {
  await call(s, 'POST', '/api/transactions', { ledgerId, fecha: today(), venta, tasa_venta: 40 }, a.token);
}

describe('on a phone (360 × 760)', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('shows the first field of the form without scrolling, adds an operation, and "Deshacer" brings a deleted one back', async () => {
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    await parallelRateAt(s, 40); // its trade is at 40 Bs per dollar, and so is the market
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const { page } = s;
    await openDashboard(page, ledgerId);

    // The first field is within the first screen, before any scrolling, and opens the decimal keypad.
    const venta = page.getByLabel('Venta (USD)', { exact: true });
    const box = (await venta.boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await venta.getAttribute('inputmode')).toBe('decimal');
    await screenshot(page, 'phone-dashboard-first-screen');
    // Every button on the screen is a target of at least 44 px.
    const small = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main button'))
        .map((b) => ({ label: b.getAttribute('aria-label') ?? b.textContent, height: b.getBoundingClientRect().height }))
        .filter((b) => b.height > 0 && b.height < 44),
    );
    expect(small).toEqual([]);

    // Sell 100 USD at 40: 4.000 Bs received, profit 100 USD (nothing bought).
    await venta.fill('100');
    await page.getByLabel('Tasa de venta (Bs)', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Agregar Transacción' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The emptied fields show their labels inside again (not raised over an empty box).
    for (const label of ['Venta (USD)', 'Tasa de venta (Bs)']) {
      await expect.poll(() => page.locator('label', { hasText: label }).first().getAttribute('data-shrink')).toBe('false');
    }

    // Delete it by mistake, then take it back within the snackbar's 10 s.
    await page.getByRole('button', { name: 'Eliminar transacción 1' }).click();
    // The question says what follows: it can be taken back (issue 36).
    await page
      .getByRole('dialog')
      .getByText(/Podrás deshacerlo con «Deshacer» durante 10 segundos/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(0);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(1);
    expect(await page.getByTestId('tx-row').first().textContent()).toContain('Venta: 100,00 USD');
  });

  it("the day's list does not move when the new-transaction form takes its placeholder's place, at 360, 768 and 1366 px", async () => {
    // docs/decisions/0019-dashboard-first-paint.md "The form after the day's list": the form is drawn
    // after the list's first paint, in a placeholder of its height (TransactionFormPlaceholder).
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    await addSale(s, ana, ledgerId, 10);
    const { page } = s;
    // Without the rates: the form keeps its "Usar tasa paralela" row ('---') when no rate comes; the
    // next journey has the rate arrive late (docs/decisions/0019-dashboard-first-paint.md
    // "Nothing moves when the rate and the position arrive").
    await page.route('**/api/rates/**', (route) => route.abort());
    // Every frame from the list title's first paint until the form has been there for 10 frames: how
    // far below the form's top the title is, and whether the placeholder stood there at first.
    await page.addInitScript(() => {
      const w = window as unknown as { tops: number[]; placeholderFirst?: boolean; formFrames: number };
      w.tops = [];
      w.formFrames = 0;
      const frame = () => {
        const title = document.getElementById('tx-list-title');
        if (title) {
          w.placeholderFirst ??= document.querySelector('[data-testid="tx-form-placeholder"]') !== null;
          // From the form's section: what stands above it (the position card on a desktop) has shifts of its own.
          const form = document.querySelector('section[aria-labelledby="new-tx-title"]');
          if (form) w.tops.push(title.getBoundingClientRect().top - form.getBoundingClientRect().top);
          if (document.querySelector('input[name="venta"]')) w.formFrames++;
        }
        if (w.formFrames < 10) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    for (const width of WIDTHS) {
      await openFreshDashboard(page, width, ledgerId);
      await page.waitForFunction(() => (window as unknown as { formFrames: number }).formFrames >= 10);
      const { tops, placeholderFirst } = await page.evaluate(() => {
        const w = window as unknown as { tops: number[]; placeholderFirst: boolean };
        return { tops: w.tops, placeholderFirst: w.placeholderFirst };
      });
      expect(placeholderFirst, `the form was drawn before the list at ${width} px`).toBe(true);
      expect([...new Set(tops)], `the list's title moved at ${width} px`).toHaveLength(1);
    }
  });

  it("nothing drawn moves when the parallel rate and the position arrive after the day's list, at 360, 768 and 1366 px", async () => {
    // docs/decisions/0019-dashboard-first-paint.md "Nothing moves when the rate and the position
    // arrive": both are asked after the list's first paint. "Usar tasa paralela" is in the form from
    // the start (disabled, loading) and the position card keeps a row of figures' height, so the
    // list's title stays where it first painted. Both answers are held back 2.5 s here so they
    // surely come after the form (a real phone's slow network).
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    // An open position (10 USD sold): the card's tallest answer, three figures.
    await addSale(s, ana, ledgerId, 10);
    const { page } = s;
    const later = (route: Route) => void new Promise((r) => setTimeout(r, 2500)).then(() => route.continue().catch(() => undefined));
    // On the context, not the page: once the app's service worker controls the page, its requests
    // go through the worker, which page.route does not see (they then came back before the form).
    await s.context.route('**/api/rates/paralelo', later);
    await s.context.route(/\/api\/ledgers\/[^/]+\/position/, later);
    // Every frame from the list title's first paint until both answers have been drawn for 10 frames:
    // the title's top in the page, and whether the form was drawn before either answer.
    await page.addInitScript(() => {
      const w = window as unknown as { tops: number[]; waitingSeen: boolean; doneFrames: number };
      w.tops = [];
      w.waitingSeen = false;
      w.doneFrames = 0;
      const frame = () => {
        const title = document.getElementById('tx-list-title');
        if (title) {
          w.tops.push(title.getBoundingClientRect().top + window.scrollY);
          const buttons = Array.from(document.querySelectorAll('main form button')).filter((b) =>
            b.textContent?.startsWith('Usar tasa paralela'),
          ) as HTMLButtonElement[];
          const rateKnown = buttons.length === 2 && buttons.every((b) => !b.disabled);
          const positionKnown = document.querySelector('[data-testid="position-open"]') !== null;
          // The form drawn while neither answer was in: both came after it, as on a slow network.
          if (document.querySelector('input[name="venta"]') && !buttons.some((b) => !b.disabled) && !positionKnown) w.waitingSeen = true;
          if (rateKnown && positionKnown) w.doneFrames++;
        }
        if (w.doneFrames < 10) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    for (const width of WIDTHS) {
      await openFreshDashboard(page, width, ledgerId);
      await page.waitForFunction(() => (window as unknown as { doneFrames: number }).doneFrames >= 10, undefined, { timeout: 20_000 });
      const { tops, waitingSeen } = await page.evaluate(() => {
        const w = window as unknown as { tops: number[]; waitingSeen: boolean };
        return { tops: w.tops, waitingSeen: w.waitingSeen };
      });
      expect(waitingSeen, `the rate or the position was there before the form at ${width} px`).toBe(true);
      expect([...new Set(tops)], `the list's title moved at ${width} px`).toHaveLength(1);
      // Once known, the button fills the rate.
      const use = page.getByRole('button', { name: /^Usar tasa paralela \(.+ Bs\)$/ }).first();
      await use.click();
      expect(await page.getByLabel('Tasa de venta (Bs)', { exact: true }).inputValue()).not.toBe('');
    }
  });

  it("the day's list is drawn before the socket client and the form validation are even asked for", async () => {
    // docs/decisions/0023-plain-rows.md: neither socket.io's client nor zod and the schemas are on
    // the way to the day's list. The page asks for a marker URL as soon as the list's title is in
    // the document (a MutationObserver, before React's effects ask for the form's code); every
    // script asked before it was on that way.
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    await addSale(s, ana, ledgerId, 10);
    const { page } = s;
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.route('**/__list-drawn', (route) => route.fulfill({ status: 204 }));
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.getElementById('tx-list-title')) return;
        observer.disconnect();
        void fetch('/__list-drawn').catch(() => undefined);
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await openFreshDashboard(page, 360, ledgerId);
    await expect.poll(() => asked.includes('/__list-drawn')).toBe(true);
    const before = asked.slice(0, asked.indexOf('/__list-drawn')).filter((p) => p.endsWith('.js'));
    expect(
      before.some((p) => /\/dashboard-[\w-]+\.js$/.test(p)),
      before.join('\n'),
    ).toBe(true);
    expect(before.filter((p) => /\/(realtime|validation)-[\w-]+\.js$/.test(p))).toEqual([]);
    // …and both come once the list is there: the socket opens, the form arrives.
    await expect.poll(() => asked.some((p) => /\/realtime-[\w-]+\.js$/.test(p))).toBe(true);
    await expect.poll(() => asked.some((p) => /\/validation-[\w-]+\.js$/.test(p))).toBe(true);
  });

  /** An Intl object the page built: which, whether the day's list was drawn then, and where from. */
  type IntlBuilt = { what: string; drawn: boolean; stack: string };
  it("nothing starts the browser's ICU before the day's list is drawn: no Intl format is built on the way", async () => {
    // docs/decisions/0024-entry-and-commit-tasks.md: a page's first Intl format starts ICU, 18–45 ms
    // of main thread unthrottled; the dashboard writes its money, days and today without Intl, and
    // MUI's eager number formats are built on first use. The page records every Intl object built,
    // and whether the list's title was already in the document then.
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    await addSale(s, ana, ledgerId, 1234.5);
    const { page } = s;
    await page.addInitScript(() => {
      const w = window as unknown as { __intl: IntlBuilt[] };
      w.__intl = [];
      const drawn = () => document.getElementById('tx-list-title') !== null;
      const intl = Intl as unknown as Record<string, unknown>;
      for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator', 'ListFormat']) {
        const Real = intl[name] as new (...args: unknown[]) => object;
        const note = () => w.__intl.push({ what: name, drawn: drawn(), stack: new Error().stack ?? '' });
        intl[name] = new Proxy(Real, {
          construct: (target, args, newTarget) => (note(), Reflect.construct(target, args, newTarget)),
          apply: (target, self, args) => (note(), Reflect.apply(target, self, args)),
        });
      }
    });
    await openFreshDashboard(page, 360, ledgerId);
    await page.getByTestId('tx-row').first().waitFor();
    expect(await page.getByTestId('tx-row').first().innerText()).toContain('1.234,50');
    const built = await page.evaluate(() => (window as unknown as { __intl: IntlBuilt[] }).__intl);
    const early = built.filter((b) => !b.drawn);
    expect(early, early.map((b) => `${b.what}\n${b.stack}`).join('\n\n')).toEqual([]);
  });

  it('a signed-in visit goes from the loading screen to the dashboard with no spinner between; the form, then the tools', async () => {
    // docs/decisions/0025-no-suspense-on-the-first-screen.md: the guards' "Verificando autenticación...",
    // the route's "Cargando..." and React's 300 ms hold after each Suspense fallback came between
    // index.html's loading screen and the dashboard. The form's code is held back 600 ms here (a slow
    // network): its placeholder stays until it is there, and the tools wait for the form's paint.
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    await addSale(s, ana, ledgerId, 10);
    const { page } = s;
    await s.context.route(
      /\/assets\/TransactionForm-[\w-]+\.js$/,
      (route) => void new Promise((r) => setTimeout(r, 600)).then(() => route.continue().catch(() => undefined)),
    );
    await page.addInitScript(() => {
      const w = window as unknown as { spinners: string[]; frames: string[] };
      w.spinners = [];
      w.frames = [];
      // Every status message React drew (index.html's own loading screen is the .boot one).
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of Array.from(r.addedNodes))
            if (n instanceof HTMLElement)
              for (const el of [n, ...Array.from(n.querySelectorAll('[role="status"]'))])
                if (el.getAttribute('role') === 'status' && !el.classList.contains('boot')) w.spinners.push(el.textContent ?? '');
      }).observe(document, { childList: true, subtree: true });
      // What each painted frame held, from the list's first frame until the tools have been there for 5.
      const frame = () => {
        if (document.getElementById('tx-list-title')) {
          const has = (sel: string) => document.querySelector(sel) !== null;
          const form = has('input[name="venta"]') ? 'form' : has('[data-testid="tx-form-placeholder"]') ? 'placeholder' : 'none';
          w.frames.push(`${form}${has('[aria-label="Opciones del registro"]') ? '+tools' : ''}`);
        }
        if (w.frames.filter((f) => f.endsWith('+tools')).length < 5) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await openFreshDashboard(page, 360, ledgerId);
    await page.waitForFunction(() => (window as unknown as { frames: string[] }).frames.filter((f) => f.endsWith('+tools')).length >= 5);
    const { spinners, frames } = await page.evaluate(() => {
      const w = window as unknown as { spinners: string[]; frames: string[] };
      return { spinners: w.spinners, frames: w.frames };
    });
    expect(spinners.filter((t) => /Verificando autenticación|^Cargando\.\.\.$/.test(t))).toEqual([]);
    // Frame by frame, collapsed: the placeholder, the form, the form with the tools; nothing else.
    const steps = frames.filter((f, i) => f !== frames[i - 1]);
    expect(steps).toEqual(['placeholder', 'form', 'form+tools']);
  });

  it('a reset day comes back with "Restaurar" from the activity list', async () => {
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    await addSale(s, ana, ledgerId, 10);
    await addSale(s, ana, ledgerId, 20);
    const { page } = s;
    await openDashboard(page, ledgerId);
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(2);

    await page.getByRole('button', { name: 'Restablecer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restablecer' }).click();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(0);
    // Let the snackbar go; the activity list can still restore it.
    await page.goto(`/ledger/${ledgerId}/history`);
    const list = page.getByTestId('activity-list');
    await list.getByRole('button', { name: 'Restaurar' }).first().click();
    await page.getByText('Cambio deshecho').waitFor();
    await list.getByText('Restaurado').waitFor();
    await screenshot(page, 'phone-ledger-history-restored');

    await openDashboard(page, ledgerId);
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(2);
  });

  it('no screen scrolls sideways at 360, 768 or 1366 px, light or dark; the form comes first on a tablet too; screenshots of each', async () => {
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    // A long email (no break opportunity in its first 36 letters) must wrap in the membership card.
    const ana = await signUp(s, 'Maximilianaalexandragonzalezrodrigue');
    const ledgerId = await personalLedger(s, ana);
    await addSale(s, ana, ledgerId, 10);
    const { page } = s;
    const dashboard = `/dashboard?ledger=${ledgerId}&date=${today()}`;
    const screens: Array<[string, string]> = [
      ['dashboard', dashboard],
      ['history', '/history'],
      ['ledger-history', `/ledger/${ledgerId}/history`],
      ['membership', '/membership'],
    ];
    const open = async (url: string, width: number, theme: Theme) => {
      await page.setViewportSize({ width, height: HEIGHT[width] ?? 900 });
      await page.evaluate((mode) => localStorage.setItem('colorMode', mode), theme);
      await page.goto(url);
      await page.getByRole('main').first().waitFor();
      await page.waitForLoadState('networkidle');
    };
    // Issue 22: every screen at 360, 768 and 1366 px in both themes (the PNGs are artifacts, not in git).
    const visit = async (name: string, url: string, width: number, theme: Theme) => {
      await open(url, width, theme);
      expect(await sidewaysOverflow(page), `${name} scrolls sideways at ${width} px (${theme})`).toBeLessThanOrEqual(0);
      await screenshot(page, `screen-${name}-${width}-${theme}`);
    };
    for (const theme of THEMES) for (const width of WIDTHS) for (const [name, url] of screens) await visit(name, url, width, theme);

    // The way back from a ledger's pages is a finger's target on a phone, like every button (walk3: 19 px).
    for (const [url, link] of [
      [`/ledger/${ledgerId}/history`, 'Mis Registros'],
      [`/ledger/${ledgerId}/cuentas`, 'Mi Registro'],
      [`/ledger/${ledgerId}/reportes`, 'Mi Registro'],
    ] as const) {
      await open(url, 360, 'light');
      const back = page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: link });
      expect((await back.boundingBox())!.height, `${link} on ${url}`).toBeGreaterThanOrEqual(44);
    }

    for (const theme of THEMES) {
      // On a tablet held upright the form's first field is within the first screen as on a phone.
      await open(dashboard, 768, theme);
      const venta = page.getByLabel('Venta (USD)', { exact: true });
      const box = (await venta.boundingBox())!;
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(box.y + box.height, `the first field is below the first screen at 768 px (${theme})`).toBeLessThanOrEqual(HEIGHT[768]!);

      // At 1366 px the left column's buttons fit in it ("INVITAR" was cut off).
      await open(dashboard, 1366, theme);
      const aside = page.getByRole('complementary', { name: 'Opciones del registro' });
      const invite = aside.getByRole('button', { name: 'Invitar al grupo' });
      const [column, button] = [(await aside.boundingBox())!, (await invite.boundingBox())!];
      expect(button.x + button.width, `"Invitar" is cut off at 1366 px (${theme})`).toBeLessThanOrEqual(column.x + column.width + 0.5);
      // Nor is its caption clipped inside the button.
      expect(await invite.evaluate((b) => b.scrollWidth - b.clientWidth)).toBeLessThanOrEqual(0);
    }

    // The profit chart's axis labels are readable on a phone: at least 11 px tall on screen.
    await open(`/ledger/${ledgerId}/history`, 360, 'light');
    const chart = page.getByTestId('daily-profit-chart');
    await chart.waitFor();
    const heights = await chart.evaluate((svg) => Array.from(svg.querySelectorAll('text')).map((t) => t.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(11);

    await page.evaluate(() => localStorage.clear());
    await loginAs(page, E2E_ADMIN);
    for (const theme of THEMES) for (const width of WIDTHS) await visit('admin', '/admin', width, theme);
    await page.evaluate(() => localStorage.setItem('colorMode', 'light'));
  });
});
