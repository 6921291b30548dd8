import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages, t } from '../messages.ts';
import { Big } from './decimal.ts';
import { formatAmountInput, parseAmount, typedAmount } from './parse-amount.ts';

const AMOUNT = 2;
const RATE = 4;
const FEE = 8;

describe('parseAmount: numbers typed the Venezuelan way (docs/product.md#money "Typing numbers")', () => {
  it.each([
    // typed, decimals of the field, exact value
    ['318,5', RATE, '318.5'], // issue 36: a native number input made this 3185
    ['318.5', RATE, '318.5'], // the same rate with a point
    ['319,1234', RATE, '319.1234'], // issue 36: made 3191234
    ['312.1234', RATE, '312.1234'],
    ['80', AMOUNT, '80'],
    ['0,25', AMOUNT, '0.25'],
    [',5', AMOUNT, '0.5'], // no whole part: 0,5
    ['5,', AMOUNT, '5'], // a trailing separator adds no decimals
    ['0,500', AMOUNT, '0.5'], // a leading 0 is never a thousands group: 0,500 = 0,5
    ['1234.567', RATE, '1234.567'], // 4 digits before: not a thousands group, so decimals
    ['1234,56', AMOUNT, '1234.56'],
    // thousands, unambiguous
    ['1.234,56', AMOUNT, '1234.56'], // es-ES: both separators, the last one is the decimal one
    ['1,234.56', AMOUNT, '1234.56'], // en: the same amount
    ['1.234.567', AMOUNT, '1234567'], // "." twice: only thousands
    ['1,234,567', AMOUNT, '1234567'],
    ['1.234.567,8', AMOUNT, '1234567.8'],
    ['1 234,5', AMOUNT, '1234.5'], // spaces group thousands
    ['1 234.5', AMOUNT, '1234.5'],
    ['1\u00a0234\u202f567,5', AMOUNT, '1234567.5'], // no-break and narrow no-break spaces
    ['1 234.567', RATE, '1234.567'], // spaces group, so the "." is the decimal one
    // one separator and 3 digits: thousands only when decimals are impossible in the field
    ['1.234', AMOUNT, '1234'], // 1,234 has 3 decimals, an amount takes 2: so 1.234
    ['12,345', AMOUNT, '12345'], // 12,345 has 3 decimals: so 12.345
    ['318,555', AMOUNT, '318555'], // likewise: shown "318.555,00" on blur, so the reading is visible
    // trailing zeros are not decimals (as the API schemas count them)
    ['318,50000', RATE, '318.5'],
    ['  40,5  ', RATE, '40.5'],
    ['0', AMOUNT, '0'],
    ['0,00000001', FEE, '0.00000001'],
    ['1000000000000', AMOUNT, '1000000000000'], // MONEY_MAX itself
  ])('%j with %i decimals → %s', (typed, dp, value) => {
    expect(parseAmount(typed, dp)).toEqual({ ok: true, value });
  });

  it.each(['', '   '])('%j is an empty field (null)', (typed) => {
    expect(parseAmount(typed, AMOUNT)).toEqual({ ok: true, value: null });
  });

  const ambiguous = (text: string, decimals: string, thousands: string) => t('numberAmbiguous', { text, decimals, thousands });
  it.each([
    // typed, decimals, message
    ['abc', AMOUNT, messages.numberNotANumber],
    ['12a', AMOUNT, messages.numberNotANumber],
    ['1e3', AMOUNT, messages.numberNotANumber], // no exponents
    ['+5', AMOUNT, messages.numberNotANumber],
    ['.', AMOUNT, messages.numberNotANumber], // no digit at all
    ['Bs 300', RATE, messages.numberNotANumber],
    ['-3', AMOUNT, messages.numberNegative],
    ['−3,5', AMOUNT, messages.numberNegative], // the typographic minus too
    ['1,234', RATE, ambiguous('1,234', '1,2340', '1.234,00')], // 1,234 fits a rate's 4 decimals: 1,234 or 1234?
    ['1.500', AMOUNT, ambiguous('1.500', '1,50', '1.500,00')], // 1,500 = 1,5 fits 2 decimals
    ['312.123', RATE, ambiguous('312.123', '312,1230', '312.123,00')],
    ['12,345', FEE, ambiguous('12,345', '12,3450', '12.345,00')],
    ['1.2.3', AMOUNT, messages.numberBadGrouping], // groups of 3 after the first
    ['1.23.456', AMOUNT, messages.numberBadGrouping],
    ['1234.567,8', AMOUNT, messages.numberBadGrouping], // the first group has at most 3 digits
    ['1,234,5.6', AMOUNT, messages.numberBadGrouping],
    ['1.234.5', AMOUNT, messages.numberBadGrouping],
    ['1,2.5', AMOUNT, messages.numberBadGrouping],
    ['1.234,5,6', AMOUNT, messages.numberBadGrouping], // two decimal commas
    ['12 34', AMOUNT, messages.numberBadGrouping],
    ['0 123', AMOUNT, messages.numberBadGrouping],
    ['1 234,5 6', AMOUNT, messages.numberBadGrouping],
    ['318,5555', AMOUNT, t('numberTooManyDecimals', { n: 2 })], // 4 digits after the comma: decimals, 4 > 2
    ['1,12345', RATE, t('numberTooManyDecimals', { n: 4 })],
    ['0,000000001', FEE, t('numberTooManyDecimals', { n: 8 })],
    ['1000000000000,01', AMOUNT, messages.valueTooLarge], // above MONEY_MAX = 1e12
    ['1.000.000.000.001', AMOUNT, messages.valueTooLarge],
  ])('%j with %i decimals is refused: %s', (typed, dp, error) => {
    expect(parseAmount(typed, dp)).toEqual({ ok: false, error });
  });
});

describe('formatAmountInput: a value as its field shows it', () => {
  it.each([
    ['318.5', RATE, '318,50'], // at least 2 decimals
    ['1500', AMOUNT, '1.500,00'],
    ['312.1234', RATE, '312,1234'],
    ['312.123', RATE, '312,1230'], // 3 decimals would read back as ambiguous: shown with 4
    ['1234567.8', AMOUNT, '1.234.567,80'],
    ['0.00012345', FEE, '0,00012345'],
    ['36.123456', RATE, '36,1235'], // half-up beyond the field's decimals
    ['-100', AMOUNT, '-100,00'], // an inherited base may be negative
    ['0', AMOUNT, '0,00'],
  ])('%s with %i decimals → %j', (value, dp, text) => {
    expect(formatAmountInput(value, dp)).toBe(text);
  });

  // A decimal ≥ 0 up to MONEY_MAX with at most `dp` decimals, as an exact string.
  const decimal = (dp: number) =>
    fc.bigInt({ min: 0n, max: 10n ** BigInt(12 + dp) }).map((n) => new Big(n.toString()).div(new Big(10).pow(dp)).toFixed());

  it.each([AMOUNT, RATE, FEE])('what it writes with %i decimals parses back to the same value (property)', (dp) => {
    fc.assert(
      fc.property(decimal(dp), (value) => {
        const parsed = parseAmount(formatAmountInput(value, dp), dp);
        expect(parsed.ok && new Big(parsed.value ?? 'NaN').eq(value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('typedAmount (live previews)', () => {
  it.each([
    ['318,5', RATE, '318.5'],
    ['1.500', AMOUNT, undefined], // ambiguous: no preview until it is clear
    ['', AMOUNT, undefined],
    [40, RATE, '40'],
    [null, RATE, undefined],
  ])('%j → %j', (raw, dp, value) => {
    expect(typedAmount(raw, dp)).toBe(value);
  });
});
