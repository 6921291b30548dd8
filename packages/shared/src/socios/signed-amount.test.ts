import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { Big } from '../money/decimal.ts';
import { AMOUNT_DECIMALS, formatAmountInput, parseAmount } from '../money/parse-amount.ts';
import { signedMoneyAmountSchema } from './capital-inicial-schema.ts';
import { parseSignedAmount } from './signed-amount.ts';

/** A capital registration's share of a balance below zero (decision 0059). */
describe('parseSignedAmount', () => {
  it.each([
    ['-4.000,00', { ok: true, value: '-4000' }],
    ['− 1.234,5', { ok: true, value: '-1234.5' }], // the minus sign a phone keyboard types, then a space
    ['250', { ok: true, value: '250' }],
    ['-0', { ok: true, value: '0' }],
    ['', { ok: true, value: null }],
    ['-', { ok: false, error: messages.numberNotANumber }],
    ['-1.500', parseAmount('1.500', AMOUNT_DECIMALS)], // refused as ambiguous, with the same words
  ])('%j', (raw, expected) => {
    expect(parseSignedAmount(raw, AMOUNT_DECIMALS)).toEqual(expected);
  });

  it('reads back every negative amount the fields show', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: -1 }), (c) => {
        const value = new Big(c).div(100);
        const parsed = parseSignedAmount(formatAmountInput(value, AMOUNT_DECIMALS), AMOUNT_DECIMALS);
        expect(parsed.ok && new Big(parsed.value ?? 'NaN').eq(value)).toBe(true);
      }),
    );
  });
});

describe('signedMoneyAmountSchema', () => {
  it.each([
    ['-1000', '-1000.00'],
    [-12.5, '-12.50'],
    ['512.5', '512.50'],
    [0, '0.00'],
    ['', '0.00'],
    [null, '0.00'],
    ['-0', '0.00'],
  ])('%j → %j', (input, expected) => {
    expect(signedMoneyAmountSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['-', messages.amountInvalid],
    ['--5', messages.amountInvalid],
    ['-1.234', messages.amountInvalid], // 3 decimals
    ['1,5', messages.amountInvalid], // the API takes plain decimals only
    ['-1000000000000.01', messages.valueTooLarge],
  ])('%j is refused', (input, message) => {
    const r = signedMoneyAmountSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });
});
