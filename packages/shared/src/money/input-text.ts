import { decimalPlaces, roundHalfUp, toFixedString, tryBig } from './decimal.ts';

// Plain non-negative decimal text, as the schemas accept it ("12", "12.5", "12.", ".5").
const DECIMAL_TEXT = /^(\d+\.?\d*|\.\d+)$/;

/**
 * docs/product.md#money: a money or rate input shows at least 2 decimals once the user leaves it. Only pads with
 * zeros, in text, never rounds: a rate's 3rd and 4th decimals ("312.4567") stay, and a value with
 * too many decimals stays as typed so the form's own validation names it (issue 17: a float
 * `toFixed(2)` silently turned 312.4567 into 312.46). Anything else (empty, negative, not a number)
 * is returned unchanged.
 */
export function padDecimals(raw: string, minDecimals = 2): string {
  const text = raw.trim();
  if (!DECIMAL_TEXT.test(text)) return raw;
  const [whole = '', fraction = ''] = text.split('.');
  return `${whole === '' ? '0' : whole}.${fraction.padEnd(minDecimals, '0')}`;
}

/**
 * A number from the API (or the parallel rate) as an input's text, through exact decimals:
 * '' for 0/absent (an unused side stays empty), at least 2 decimals, at most `maxDecimals`
 * (rounded half-up only beyond them: 4 for a rate, 2 for an amount).
 */
export function toInputText(value: number | string | null | undefined, maxDecimals = 4): string {
  const big = tryBig(value ?? undefined);
  if (!big || big.eq(0)) return '';
  const rounded = roundHalfUp(big, maxDecimals);
  return toFixedString(rounded, Math.max(2, Math.min(maxDecimals, decimalPlaces(rounded))));
}
