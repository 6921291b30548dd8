import { describe, expect, it } from 'vitest';
import { padDecimals, toInputText } from './input-text.ts';

describe('padDecimals (a money or rate field on blur, docs/product.md#money)', () => {
  it.each([
    ['5', '5.00'],
    ['5.', '5.00'],
    ['.5', '0.50'],
    ['40.5', '40.50'],
    ['100.00', '100.00'],
    // issue 17: a float toFixed(2) made these 312.46 and 0.12
    ['312.4567', '312.4567'],
    ['0.125', '0.125'],
    // more decimals than allowed stay as typed, for the form's validation to name
    ['1.00001', '1.00001'],
    // 9007199254740993 is beyond a double's exact integers: text padding keeps every digit
    ['9007199254740993', '9007199254740993.00'],
    [' 7 ', '7.00'],
    ['', ''],
    ['-3', '-3'],
    ['abc', 'abc'],
    ['1e3', '1e3'],
  ])('%j → %j', (raw, shown) => {
    expect(padDecimals(raw)).toBe(shown);
  });
});

describe('toInputText (an API number as an input’s text)', () => {
  it.each([
    [312.4567, 4, '312.4567'],
    [312.4, 4, '312.40'],
    [40, 4, '40.00'],
    [100, 2, '100.00'],
    [0.1 + 0.2, 4, '0.30'], // 0.30000000000000004 → 4 decimals, half-up: 0.3000 → shown 0.30
    [36.123456, 4, '36.1235'], // the parallel rate beyond 4 decimals, half-up
    [-100, 2, '-100.00'], // an inherited base may be negative
    [0, 4, ''],
    [null, 2, ''],
    [undefined, 2, ''],
  ])('%j with at most %i decimals → %j', (value, max, text) => {
    expect(toInputText(value, max)).toBe(text);
  });
});
