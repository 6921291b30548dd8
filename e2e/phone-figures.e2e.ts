import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp } from './support/accounts.ts';

/*
 * Issue 36 (second report of issue 25's defect): "1.019.931,1" on one line and "8 Bs.S" on the
 * next in the phone's compact summary, "1.949,50 / USD" in the position card. A figure and its
 * unit never break, on any screen: every money figure written on the page, wherever it is drawn,
 * is measured as the text the reader sees (a Range over its characters), not by test id, so a
 * figure in a component nobody thought of is measured too.
 */
const PHONE = { width: 360, height: 760 };

interface Measured {
  text: string;
  lines: number;
  right: number;
  /** In a box that scrolls sideways by itself (a table's container): reached by scrolling that box. */
  scrolls: boolean;
}

/**
 * Every money figure in `main` ("22.484.428,90 Bs.S", "-1.234,50 USD", "405,5500 Bs/USD"): how many
 * line boxes its characters take (Range.getClientRects: one per line) and its right edge.
 */
function measureFigures(page: Page): Promise<Measured[]> {
  return page.evaluate(() => {
    const FIGURE = /-?\d{1,3}(?:\.\d{3})*,\d{2,8}\s(?:Bs\.S|USD|Bs(?:\/USD)?)/g;
    const root = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const out: { text: string; lines: number; right: number; scrolls: boolean }[] = [];
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
      return false;
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('[aria-hidden="true"], svg, title') || el.getClientRects().length === 0) continue;
      for (const m of (node.textContent ?? '').matchAll(FIGURE)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        // Line boxes, not fragments: two rects on the same line (a bidi or font run) count once.
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        out.push({ text: m[0], lines: tops.size, right: range.getBoundingClientRect().right, scrolls: scrolls(el) });
      }
    }
    return out;
  });
}

function expectWhole(figures: Measured[], where: string): void {
  const broken = figures.filter((f) => f.lines !== 1).map((f) => `${f.text} (${f.lines} líneas)`);
  expect(broken, `figures broken across lines on ${where}`).toEqual([]);
  const cut = figures.filter((f) => !f.scrolls && f.right > PHONE.width + 0.5).map((f) => f.text);
  expect(cut, `figures past the right edge on ${where}`).toEqual([]);
  expect(figures.filter((f) => !f.scrolls).length, `figures outside scrolling tables on ${where}`).toBeGreaterThan(0);
}

describe('money figures on a 360 px phone', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('with tens of millions of Bs.S, every figure on the dashboard and the history stays on one line', async () => {
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const { page } = s;
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const fecha = todayKey('America/Caracas');
    // Ana's base is 12.345.678,97 Bs.S and 250.000 USD. She sells 25.000 USD at 405,5512
    // (10.138.780,00 Bs.S) and buys 1.949,50 USD at 409,1234 (797.586,07 Bs.S): the available Bs.S is
    // 12.345.678,97 + 10.138.780,00 − 797.586,07 = 21.686.872,90 Bs.S, and 23.050,50 USD stay sold.
    await call(s, 'PUT', `/api/daily-balances/${ledgerId}`, { saldo_base_ves: 12345678.97, saldo_base_usd: 250000, fecha }, ana.token);
    await call(s, 'POST', '/api/transactions', { ledgerId, fecha, venta: 25000, tasa_venta: 405.5512 }, ana.token);
    await call(s, 'POST', '/api/transactions', { ledgerId, fecha, compra: 1949.5, tasa_compra: 409.1234 }, ana.token);

    await page.goto(`/dashboard?ledger=${ledgerId}&date=${fecha}`);
    await page.getByRole('region', { name: 'Resumen del día' }).first().waitFor();
    await page.getByTestId('position-open').waitFor();
    await expect.poll(() => page.getByTestId('tx-row').count()).toBe(2);
    const dashboard = await measureFigures(page);
    await screenshot(page, 'phone-figures-dashboard');
    // The figures the reports quoted are among those measured.
    const texts = dashboard.map((f) => f.text);
    expect(texts).toContain('21.686.872,90 Bs.S');
    expect(texts).toContain('1.949,50 USD');
    expect(texts.length).toBeGreaterThanOrEqual(12);
    expectWhole(dashboard, 'the dashboard');

    await page.goto(`/ledger/${ledgerId}/history`);
    await page.getByTestId('total-saldo-ves').waitFor();
    await page.getByTestId('daily-profit-chart').waitFor();
    const history = await measureFigures(page);
    await screenshot(page, 'phone-figures-history');
    expect(history.map((f) => f.text)).toContain('21.686.872,90 Bs.S');
    expectWhole(history, 'the history');
  });
});
