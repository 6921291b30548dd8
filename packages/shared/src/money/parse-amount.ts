import { MONEY_MAX } from '../constants.ts';
import { t, messages } from '../messages.ts';
import { Big, decimalPlaces, roundHalfUp, toFixedString } from './decimal.ts';

/**
 * Amounts and rates as people type them (docs/product.md#money "Typing numbers", decision 0030).
 * Venezuelans write "318,5" and "318.5" alike, and thousands as "1.234,56", "1,234.56" or
 * "1 234,5". One reading is taken only when it is the only one; an input that could be read two
 * ways is refused with a Spanish message that shows both unambiguous spellings — never guessed:
 *
 * - Both "." and "," in the text: the last one is the decimal separator, the other groups
 *   thousands ("1.234,56", "1,234.56").
 * - Spaces group thousands ("1 234,5", "1 234.5"); then a "." or "," is the decimal separator.
 * - One kind of separator, twice or more: thousands ("1.234.567").
 * - One separator, once: decimals, unless exactly 3 digits follow it and 1–3 digits (not starting
 *   with 0) precede it ("1.234", "312,123"): that reads as thousands too. Such a text is refused as
 *   ambiguous unless the field's decimals make the decimal reading impossible ("1.234" in a
 *   2-decimal amount can only be 1234; "1.500" could be 1,5 and is refused).
 * - Thousands groups must be well formed: 1–3 digits, then groups of exactly 3.
 */

/** Decimals a field takes: USD amounts and base balances 2, rates 4, fees 8 (docs/product.md#money). */
export const AMOUNT_DECIMALS = 2;
export const RATE_DECIMALS = 4;
export const FEE_DECIMALS = 8;

export type ParsedAmount =
  /** `value`: the exact plain decimal ("318.5", "1234.56") the API schemas accept; null for an empty field. */
  { ok: true; value: string | null } | { ok: false; error: string };

const fail = (error: string): ParsedAmount => ({ ok: false, error });

/** A group of thousands that starts a number: 1–3 digits, not a leading 0 ("0.123" is decimals). */
const groupedBy = (sep: string) => new RegExp(`^[1-9]\\d{0,2}(?:${sep === ' ' ? ' ' : `\\${sep}`}\\d{3})+$`);

/** Every space a phone or a copy-paste may put between thousands (no-break and narrow no-break spaces included). */
const SPACES = /[\s\u00a0\u202f\u2009]+/g;

/**
 * Reads a typed amount with at most `maxDecimals` decimals. Returns the exact decimal, or a
 * Spanish message saying what to write instead.
 */
export function parseAmount(raw: string, maxDecimals: number): ParsedAmount {
  const text = raw.replace(SPACES, ' ').trim();
  if (text === '') return { ok: true, value: null };
  if (/^[-−‒–]/.test(text)) return fail(messages.numberNegative);
  if (!/^[\d., ]+$/.test(text) || !/\d/.test(text)) return fail(messages.numberNotANumber);

  const read = split(text, maxDecimals);
  if (typeof read === 'string') return fail(read);
  const [whole, fraction] = read;
  const value = new Big(`${whole === '' ? '0' : whole}.${fraction === '' ? '0' : fraction}`);
  // Trailing zeros are not decimals of the value: "318,50000" is 318,5 (as the API schemas count).
  if (decimalPlaces(value) > maxDecimals) return fail(t('numberTooManyDecimals', { n: maxDecimals }));
  if (value.gt(MONEY_MAX)) return fail(messages.valueTooLarge);
  return { ok: true, value: toFixedString(value) };
}

/** The whole and fraction digits of a text of digits, separators and spaces, or the message refusing it. */
function split(text: string, maxDecimals: number): [string, string] | string {
  if (text.includes(' ')) {
    // Spaces group thousands; a "." or "," after them is the decimal separator.
    const match = /^([\d ]+)(?:[.,](\d*))?$/.exec(text);
    if (!match || !groupedBy(' ').test(match[1] ?? '')) return messages.numberBadGrouping;
    return [(match[1] ?? '').replaceAll(' ', ''), match[2] ?? ''];
  }
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (dots > 0 && commas > 0) {
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimal);
    const whole = text.slice(0, at);
    if ((decimal === '.' ? dots : commas) > 1 || !groupedBy(group).test(whole)) return messages.numberBadGrouping;
    return [whole.replaceAll(group, ''), text.slice(at + 1)];
  }
  const sep = dots > 0 ? '.' : commas > 0 ? ',' : null;
  if (sep === null) return [text, ''];
  if (dots + commas > 1) return groupedBy(sep).test(text) ? [text.replaceAll(sep, ''), ''] : messages.numberBadGrouping;
  const [before = '', after = ''] = text.split(sep);
  // Only "d.ddd", "dd.ddd" and "ddd.ddd" (no leading 0) can be read as thousands too.
  if (after.length !== 3 || !/^[1-9]\d{0,2}$/.test(before)) return [before, after];
  const asDecimals = new Big(`${before}.${after}`);
  if (decimalPlaces(asDecimals) > maxDecimals) return [before + after, '']; // the decimal reading is impossible here
  return t('numberAmbiguous', {
    text,
    decimals: formatAmountInput(asDecimals, maxDecimals),
    thousands: formatAmountInput(new Big(before + after), maxDecimals),
  });
}

/**
 * A decimal as a field shows it (es-ES): "." between thousands, "," before the decimals, at least
 * 2 decimals and at most `maxDecimals` (rounded half-up beyond them, trailing zeros beyond the 2nd
 * dropped): "1.500,00", "318,50", "312,1234". A value with exactly 3 decimals is shown with 4
 * ("312,1230"), as "312,123" would be ambiguous to read back (see parseAmount). Whatever it writes,
 * parseAmount reads back as the same value (parse-amount.test.ts, property).
 */
export function formatAmountInput(value: Big | string, maxDecimals: number): string {
  const rounded = roundHalfUp(value instanceof Big ? value : new Big(value), maxDecimals);
  let dp = Math.max(2, Math.min(maxDecimals, decimalPlaces(rounded)));
  if (dp === 3 && maxDecimals >= 4) dp = 4;
  const text = toFixedString(rounded, dp);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
}

/** The exact decimal of a typed field, or undefined when it is empty or cannot be read (for live previews). */
export function typedAmount(raw: unknown, maxDecimals: number): string | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : undefined;
  if (typeof raw !== 'string') return undefined;
  const parsed = parseAmount(raw, maxDecimals);
  return parsed.ok && parsed.value !== null ? parsed.value : undefined;
}
