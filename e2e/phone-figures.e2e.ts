import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, previousMonth, todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp, type Account } from './support/accounts.ts';
import { registerVerifiedUser } from './support/users.ts';

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

  it("on the ledger's own pages (Cuentas, Socios, Reportes) every figure stays on one line too", async () => {
    s = await openBrowser({ viewport: PHONE, isMobile: true });
    const { page } = s;
    // Long names, as real ones are: a sentence naming both partners wraps near its figures.
    const member = async (name: string) => {
      const u = await registerVerifiedUser({ name });
      return call<Account>(s, 'POST', '/api/auth/login', { email: u.email, password: u.password });
    };
    const ana = await member('Ana Pérez de los Ángeles');
    const beto = await member('Beto Rodríguez Hernández');
    await page.goto('/esto/no/existe'); // any page of the origin, to sign Ana in through its localStorage
    await page.evaluate((a) => {
      localStorage.setItem('authToken', a.token);
      localStorage.setItem('refreshToken', a.refreshToken);
      localStorage.setItem('userData', JSON.stringify(a.user));
    }, ana);
    const ledgerId = await personalLedger(s, ana);
    const { inviteCode } = await call<{ inviteCode: string }>(s, 'GET', `/api/ledgers/${ledgerId}/invite`, undefined, ana.token);
    await call(s, 'POST', '/api/ledgers/join', { inviteCode }, beto.token);
    const cuenta = async (nombre: string, moneda: 'VES' | 'USD', titularId: string) =>
      (
        await call<{ cuenta: { id: string } }>(
          s,
          'POST',
          `/api/ledgers/${ledgerId}/cuentas`,
          { nombre, moneda, tipo: moneda === 'USD' ? 'binance' : 'banco', titularId },
          ana.token,
        )
      ).cuenta.id;
    const anaUsd = await cuenta('Ana USD', 'USD', ana.user.id);
    const anaBs = await cuenta('Banesco Empresarial de Ana', 'VES', ana.user.id);
    const betoUsd = await cuenta('Beto USD', 'USD', beto.user.id);
    const today = todayKey('America/Caracas');
    const d1 = addDays(today, -2);
    // Ana brings 1.000.000 USD and Beto 500.000 USD on d1; the next day Ana sells 25.000 USD at
    // 405,5512 (10.138.780,00 Bs) and buys them back at 401,1234 (10.028.085,00 Bs): 110.695,00 Bs stay in
    // her bank. At a final rate of 405,1234 that is 273,24 USD of result, 2/3 to Ana (182,16) and 1/3 to
    // Beto (91,08); Ana holds it all, so she transfers 91,08 USD (× 405,1234 = 36.898,64 Bs) to Beto.
    for (const [miembroId, destino, monto] of [
      [ana.user.id, anaUsd, '1000000'],
      [beto.user.id, betoUsd, '500000'],
    ] as const)
      await call(
        s,
        'POST',
        `/api/ledgers/${ledgerId}/movimientos`,
        { tipo: 'aporte', fecha: d1, moneda: 'USD', monto, miembroId, cuenta_destino_id: destino },
        ana.token,
      );
    await call(
      s,
      'POST',
      '/api/transactions',
      {
        ledgerId,
        fecha: addDays(d1, 1),
        venta: 25000,
        tasa_venta: 405.5512,
        compra: 25000,
        tasa_compra: 401.1234,
        cuenta_ves_id: anaBs,
        cuenta_usd_id: anaUsd,
      },
      ana.token,
    );
    // Reportes, in Ana's other ledger (last month's bolívares would be capital no aporte explains
    // in this one): 18.000 USD sold at 409,9876 and 17.500 bought at 404,4321 last month.
    const mes = previousMonth(today.slice(0, 7));
    const { ledger: otro } = await call<{ ledger: { id: string } }>(s, 'POST', '/api/ledgers', { name: 'Reportes grandes' }, ana.token);
    await call(
      s,
      'POST',
      '/api/transactions',
      { ledgerId: otro.id, fecha: `${mes}-20`, venta: 18000, tasa_venta: 409.9876, compra: 17500, tasa_compra: 404.4321 },
      ana.token,
    );

    await page.goto(`/ledger/${ledgerId}/cuentas`);
    await expect.poll(() => page.getByTestId('cuenta-Banesco Empresarial de Ana').textContent()).toContain('110.695,00 Bs.S');
    const cuentas = await measureFigures(page);
    await screenshot(page, 'phone-figures-cuentas');
    expect(cuentas.map((f) => f.text)).toContain('1.000.000,00 USD');
    expectWhole(cuentas, 'Cuentas');

    await page.goto(`/ledger/${ledgerId}/socios`);
    await page.getByLabel('Tasa final (opcional)').fill('405,1234');
    const transfers = page.getByTestId('socios-transferencias');
    await expect
      .poll(() => transfers.textContent(), { timeout: 15_000 })
      .toBe('Ana Pérez de los Ángeles transfiere 91,08 USD (36.898,64 Bs) a Beto Rodríguez Hernández');
    const socios = await measureFigures(page);
    await screenshot(page, 'phone-figures-socios');
    const sociosTexts = socios.map((f) => f.text);
    expect(sociosTexts).toContain('91,08 USD');
    expect(sociosTexts).toContain('36.898,64 Bs');
    expect(sociosTexts).toContain('405,1234 Bs'); // the rates' line
    expectWhole(socios, 'Socios');

    await page.goto(`/ledger/${otro.id}/reportes`);
    await page.getByRole('img', { name: 'Ganancia por día (USD)' }).waitFor();
    const reportes = await measureFigures(page);
    await screenshot(page, 'phone-figures-reportes');
    expect(reportes.length).toBeGreaterThanOrEqual(6);
    expectWhole(reportes, 'Reportes');
  });
});
