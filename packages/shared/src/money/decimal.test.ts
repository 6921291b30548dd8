import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big, divHalfUp, roundHalfUp } from './decimal.ts';

describe('divHalfUp', () => {
  it.each([
    // 1 / 3 = 0.333…: 12 decimals, last digit kept.
    ['1', '3', 12, '0.333333333333'],
    // 2 / 3 = 0.666…: the 13th digit 6 rounds the 12th up.
    ['2', '3', 12, '0.666666666667'],
    // 0.0000000000005 exactly half of the 12th decimal: half-up goes away from zero.
    ['0.000000000001', '2', 12, '0.000000000001'],
    ['-0.000000000001', '2', 12, '-0.000000000001'],
    // A weighted average: (100 × 250 + 50 × 240.1234) / 150 = 246.707800000000
    ['37006.17', '150', 12, '246.7078'],
  ])('%s / %s to %i decimals = %s', (num, den, dp, out) => {
    expect(divHalfUp(new Big(num), new Big(den), dp).eq(new Big(out))).toBe(true);
  });

  it('equals rounding the 30-decimal quotient, for any amounts, and leaves the global precision alone', () => {
    const decimal = (scale: number) =>
      fc
        .tuple(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), fc.constant(scale))
        .map(([units, s]) => new Big(units.toString()).div(10 ** s));
    fc.assert(
      fc.property(
        decimal(14),
        decimal(2).filter((d) => !d.eq(0)),
        fc.integer({ min: 0, max: 12 }),
        (num, den, dp) => {
          expect(divHalfUp(num, den, dp).eq(roundHalfUp(num.div(den), dp))).toBe(true);
          expect(Big.DP).toBe(30);
        },
      ),
    );
  });
});
