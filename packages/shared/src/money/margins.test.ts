import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big } from './decimal.ts';
import {
  averageMarginRatio,
  daySpreadFromTotals,
  daySpreadPercent,
  margenChipText,
  marginPercent,
  purchaseMarginRatio,
  rowMargins,
  saleMarginRatio,
  type MarginRow,
} from './margins.ts';

const pct = (r: Big | null) => (r === null ? null : marginPercent(r));

describe('margins against the market (DESIGN §24): positive = better than the parallel rate', () => {
  it.each([
    // tasa_venta, paralelo, %
    ['314.38', '310.5', 1.25], // 314,38 / 310,5 − 1 = 0,0124959…  → 1,25 %
    ['305', '310.5', -1.77], // 305 / 310,5 − 1 = −0,0177133… → −1,77 %
    ['320', '310.5', 3.06], // 320 / 310,5 − 1 = 0,0305958… → 3,06 %
    ['310.5', '310.5', 0], // at the market: 0
    ['1010.05', '1000', 1.01], // 1,005 % exactly: half-up → 1,01
    ['310.5', null, null], // no stamp: no margin
    ['310.5', '0', null], // a 0 parallel rate is no rate
    ['0', '310.5', null], // no sale rate
  ])('a sale at %s against %s → %s %%', (tasa, paralelo, expected) => {
    expect(pct(saleMarginRatio(tasa, paralelo))).toBe(expected);
  });

  it.each([
    // tasa_compra, paralelo, %
    ['306.66', '310.5', 1.25], // 310,5 / 306,66 − 1 = 0,0125220… → 1,25 % (bought below the market)
    ['320', '310.5', -2.97], // 310,5 / 320 − 1 = −0,0296875 → −2,97 %
    ['300', '320', 6.67], // 320 / 300 − 1 = 0,0666… → 6,67 %
    ['306.66', undefined, null],
  ])('a purchase at %s against %s → %s %%', (tasa, paralelo, expected) => {
    expect(pct(purchaseMarginRatio(tasa, paralelo))).toBe(expected);
  });

  it('a row has a margin per leg that has an amount', () => {
    const row = { venta: '100', tasa_venta: '314.38', compra: '300', tasa_compra: '306.66', paralelo: '310.5' };
    const m = rowMargins(row);
    expect(pct(m.venta)).toBe(1.25);
    expect(pct(m.compra)).toBe(1.25);
    expect(m.weight.toFixed()).toBe('400'); // 100 + 300 USD
    // A sale-only row has no purchase margin even with a rate typed in the purchase field.
    const saleOnly = rowMargins({ ...row, compra: '0' });
    expect(saleOnly.compra).toBeNull();
    expect(saleOnly.weight.toFixed()).toBe('100');
    // No stamp: nothing at all.
    expect(rowMargins({ ...row, paralelo: null })).toMatchObject({ venta: null, compra: null });
    expect(rowMargins({ ...row, paralelo: null }).weight.toFixed()).toBe('0');
  });

  it('the day average weighs each leg by its USD and uses the unrounded margins', () => {
    const p = '310.5';
    // (100 × 0,0124959742 + 300 × 0,0125220113) / 400 = 0,0125155020… → 1,25 %
    expect(
      pct(
        averageMarginRatio([
          rowMargins({ venta: '100', tasa_venta: '314.38', compra: '0', tasa_compra: '0', paralelo: p }),
          rowMargins({ venta: '0', tasa_venta: '0', compra: '300', tasa_compra: '306.66', paralelo: p }),
        ]),
      ),
    ).toBe(1.25);
    // Weights matter: (100 × 0,0124959742 + 50 × −0,0177133655) / 150 = 0,0024261943… → 0,24 %
    // (an unweighted mean would be (1,25 − 1,77) / 2 = −0,26 %).
    expect(
      pct(
        averageMarginRatio([
          rowMargins({ venta: '100', tasa_venta: '314.38', compra: '0', tasa_compra: '0', paralelo: p }),
          rowMargins({ venta: '50', tasa_venta: '305', compra: '0', tasa_compra: '0', paralelo: p }),
        ]),
      ),
    ).toBe(0.24);
    // Unrounded, not rounded-then-averaged: 1,006 % and 1,003 % on 100 USD each average 1,0045 % → 1,00;
    // the rounded ones (1,01 and 1,00) would average 1,005 → 1,01.
    const a = rowMargins({ venta: '100', tasa_venta: '1010.06', compra: '0', tasa_compra: '0', paralelo: '1000' });
    const b = rowMargins({ venta: '100', tasa_venta: '1010.03', compra: '0', tasa_compra: '0', paralelo: '1000' });
    expect([pct(a.venta), pct(b.venta)]).toEqual([1.01, 1]);
    expect(pct(averageMarginRatio([a, b]))).toBe(1);
    // Rows without a stamp do not count (and alone give no average).
    const unstamped = rowMargins({ venta: '1000', tasa_venta: '1', compra: '0', tasa_compra: '0', paralelo: null });
    expect(pct(averageMarginRatio([a, unstamped]))).toBe(1.01);
    expect(averageMarginRatio([unstamped])).toBeNull();
    expect(averageMarginRatio([])).toBeNull();
  });

  it('the day spread is tasa_venta_promedio / tasa_compra_promedio − 1', () => {
    expect(daySpreadPercent('314.38', '306.66')).toBe(2.52); // 314,38 / 306,66 − 1 = 0,0251744… → 2,52 %
    expect(daySpreadPercent('300', '310')).toBe(-3.23); // 300 / 310 − 1 = −0,0322580… → −3,23 %
    expect(daySpreadPercent('314.38', 0)).toBeNull(); // a day without purchases has no spread
    expect(daySpreadPercent(0, '306.66')).toBeNull();
  });

  it('the day spread from its sums uses the averages as the day answer shows them (4 decimals)', () => {
    // Sales 100 × 310 + 300 × 314 = 125.200 Bs for 400 USD → 313,0000; purchases 306,66 → 313 / 306,66 − 1 = 0,020674… → 2,07 %
    expect(daySpreadFromTotals({ venta: '400', bs_recibidos: '125200', compra: '100', bs_pagados: '30666' })).toBe(2.07);
    // 1.000 Bs for 3 USD → 333,3333 (not 333,333…); 333,3333 / 300 − 1 = 0,111111 → 11,11 %
    expect(daySpreadFromTotals({ venta: '3', bs_recibidos: '1000', compra: '1', bs_pagados: '300' })).toBe(11.11);
    expect(daySpreadFromTotals({ venta: '3', bs_recibidos: '1000', compra: '0', bs_pagados: '0' })).toBeNull();
  });

  it('the chip says the sign and uses the es-ES decimal comma', () => {
    expect(margenChipText(1.25)).toBe('+1,25 % vs paralelo');
    expect(margenChipText(-0.5)).toBe('-0,50 % vs paralelo');
    expect(margenChipText(0)).toBe('0,00 % vs paralelo');
    expect(margenChipText(1234.5)).toBe('+1.234,50 % vs paralelo');
  });
});

describe('margin invariants (properties)', () => {
  const rate = fc.integer({ min: 1, max: 100_000_000 }).map((n) => new Big(n).div(10_000).toFixed()); // 0,0001 … 10.000 Bs
  const usd = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Big(n).div(100).toFixed());
  const leg = fc.record({ venta: usd, tasa_venta: rate, paralelo: rate });

  it('a sale margin is positive exactly when the sale rate is above the parallel one', () => {
    fc.assert(
      fc.property(rate, rate, (t, p) => {
        const m = saleMarginRatio(t, p)!;
        expect(Math.sign(Number(m.toFixed(30)))).toBe(Math.sign(Number(new Big(t).minus(p).toFixed())));
      }),
    );
  });

  it('the USD-weighted day average lies between the smallest and the largest row margin', () => {
    fc.assert(
      fc.property(fc.array(leg, { minLength: 1, maxLength: 12 }), (legs) => {
        const rows = legs.map((l): MarginRow => ({ ...l, compra: '0', tasa_compra: '0' }));
        const margins = rows.map(rowMargins);
        const avg = averageMarginRatio(margins)!;
        const values = margins.map((m) => m.venta!);
        const min = values.reduce((a, b) => (a.lt(b) ? a : b));
        const max = values.reduce((a, b) => (a.gt(b) ? a : b));
        // 30-decimal divisions: allow the last digit.
        const eps = new Big('1e-25');
        expect(avg.gte(min.minus(eps)) && avg.lte(max.plus(eps))).toBe(true);
      }),
    );
  });
});
