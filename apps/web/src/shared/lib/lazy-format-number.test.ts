import { describe, expect, it } from 'vitest';
import buildFormatNumber from './lazy-format-number';

describe('lazy buildFormatNumber (stands in for MUI’s)', () => {
  it.each([
    ['es-ES', 1200], // "1200": es-ES groups from five digits by default
    ['es-ES', 12345.678], // "12.345,678"
    ['en-US', 1234567], // "1,234,567"
    ['es-ES', Number.NaN], // "NaN"
    ['es-ES', Infinity], // "Infinity"
    ['xx-invalid-locale-', 5], // MUI's String() fallback
  ])('%s %s is written as MUI writes it', (locale, value) => {
    // MUI's own (locale/utils/buildFormatNumber.mjs, not exported): Intl when it accepts the
    // locale, String() for non-finite values or when it does not.
    let expected: string;
    try {
      expected = Number.isFinite(value) ? new Intl.NumberFormat(locale).format(value) : String(value);
    } catch {
      expected = String(value);
    }
    expect(buildFormatNumber(locale)(value)).toBe(expected);
  });

  it('builds its Intl format on the first number written, once', () => {
    const real = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = function (locale?: string) {
      built += 1;
      return new real(locale);
    } as unknown as typeof Intl.NumberFormat;
    try {
      const format = buildFormatNumber('es-ES');
      expect(built).toBe(0);
      expect(format(2)).toBe('2');
      expect(format(3)).toBe('3');
      expect(built).toBe(1);
    } finally {
      Intl.NumberFormat = real;
    }
  });
});
