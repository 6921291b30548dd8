import { describe, expect, it } from 'vitest';
import { averageMarginText, rowMarginsOf, rowMarginText, type StampedRow } from './month-margins.ts';

const row = (venta: string, tasa_venta: string, compra: string, tasa_compra: string, paralelo: string | null): StampedRow => ({
  venta,
  tasa_venta,
  compra,
  tasa_compra,
  mercado_paralelo: paralelo,
});

describe('the reports’ margins go through the shared formulas (DESIGN §24)', () => {
  it.each([
    // [row, the row's margin %]
    [row('100', '40.40', '0', '0', '40'), '1.00'], // 40,40 / 40 − 1
    [row('0', '0', '50', '39.60', '40'), '1.01'], // 40 / 39,60 − 1 = 0,010101
    [row('10', '49', '10', '48', '50'), '1.08'], // (−0,02 × 10 + 0,0416667 × 10) / 20 = 0,0108333
    [row('10', '40', '0', '0', null), null], // no stamp, no margin
    [row('10', '38', '0', '0', '40'), '-5.00'], // 38 / 40 − 1 = −0,05: worse than the market
  ])('row %# → %s', (r, expected) => {
    expect(rowMarginText(rowMarginsOf(r))).toBe(expected);
  });

  it('a day weighs by USD from the unrounded margins; no stamped row → null', () => {
    const day = [row('100', '40.40', '0', '0', '40'), row('0', '0', '50', '39.60', '40'), row('5', '40', '0', '0', null)].map(rowMarginsOf);
    // (0,01 × 100 + 0,0101010 × 50) / 150 = 0,0100337 → 1,00 (rounded rows first would give 151,5 / 150 = 1,01).
    expect(averageMarginText(day)).toBe('1.00');
    expect(averageMarginText([row('5', '40', '0', '0', null)].map(rowMarginsOf))).toBeNull();
    expect(averageMarginText([])).toBeNull();
  });
});
