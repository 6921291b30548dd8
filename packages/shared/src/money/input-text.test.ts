import { describe, expect, it } from 'vitest';
import { padDecimals, toInputText } from './input-text.ts';

describe('padDecimals (a money or rate field on blur, docs/product.md#money)', () => {
  it.each([
    ['5', 2, '5,00'],
    ['5.', 2, '5,00'],
    ['.5', 2, '0,50'],
    ['40.5', 4, '40,50'],
    ['318,5', 4, '318,50'], // issue 36: a native number input showed 3185.00
    ['100.00', 2, '100,00'],
    ['1500', 2, '1.500,00'],
    ['1.234,5', 2, '1.234,50'],
    // issue 17: a float toFixed(2) made these 312.46 and 0.12
    ['312.4567', 4, '312,4567'],
    ['0.125', 8, '0,1250'], // 3 decimals are shown with 4 (0,125 read back is unambiguous either way)
    // what cannot be read exactly stays as typed, for the form's validation to name
    ['1.00001', 2, '1.00001'], // too many decimals
    ['1.500', 2, '1.500'], // ambiguous: 1,5 or 1500
    ['9007199254740993', 2, '9007199254740993'], // beyond MONEY_MAX
    [' 7 ', 2, '7,00'],
    ['', 2, ''],
    ['-3', 2, '-3'],
    ['abc', 2, 'abc'],
    ['1e3', 2, '1e3'],
  ])('%j (%i decimals) → %j', (raw, dp, shown) => {
    expect(padDecimals(raw, dp)).toBe(shown);
  });
});

describe('toInputText (an API number as a field’s text, es-ES)', () => {
  it.each([
    [312.4567, 4, '312,4567'],
    [312.4, 4, '312,40'],
    [40, 4, '40,00'],
    [100, 2, '100,00'],
    [1500, 2, '1.500,00'],
    [0.1 + 0.2, 4, '0,30'], // 0.30000000000000004 → 4 decimals, half-up: 0.3000 → shown 0,30
    [36.123456, 4, '36,1235'], // the parallel rate beyond 4 decimals, half-up
    [-100, 2, '-100,00'], // an inherited base may be negative
    [0, 4, ''],
    [null, 2, ''],
    [undefined, 2, ''],
  ])('%j with at most %i decimals → %j', (value, max, text) => {
    expect(toInputText(value, max)).toBe(text);
  });
});
