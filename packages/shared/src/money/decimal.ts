import BigJs from 'big.js';

/**
 * Thin helpers over big.js. Money is never computed with JS floats: amounts (2 dp) and rates (4 dp)
 * are parsed into exact decimals, multiplied exactly, and rounded only where docs/product.md#money says so.
 */

/**
 * A private Big constructor (`Big()` returns an independent copy), so our settings never leak into
 * other users of big.js in the same process, and theirs never change our results.
 */
export const Big = BigJs();
export type Big = BigJs.Big;

/**
 * 30 decimals for divisions. Enough for exact 2/4-dp rounding afterwards: the quotients we round
 * are at most N/(100·R) with R ≤ 1e18 (a 4-dp rate ≤ 1e12 as an integer, or a sum of amounts), so a
 * non-tie quotient lies at least ~1e-21 away from any rounding boundary — far above 1e-30.
 */
Big.DP = 30;
Big.RM = BigJs.roundHalfUp;
// Plain notation in toString() for every magnitude we handle (toFixed never uses exponents anyway).
Big.NE = -50;
Big.PE = 50;

/** Half-up = to the nearest, ties away from zero (2.345 → 2.35, −2.345 → −2.35), like SQL round(). */
export const ROUND_HALF_UP = BigJs.roundHalfUp;

export type DecimalInput = string | number | Big;

/**
 * Parses a number or decimal string into a Big. Throws a RangeError on NaN, ±Infinity and
 * anything big.js cannot read; callers that accept form input use `tryBig` instead.
 */
export function toBig(value: DecimalInput): Big {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  try {
    // Strings are trimmed so a form value such as " 12.5" is still a number; big.js rejects spaces.
    return new Big(typeof value === 'string' ? value.trim() : value);
  } catch {
    throw new RangeError(`Not a decimal number: ${String(value)}`);
  }
}

/** Like toBig, but null/undefined/'' (a field not given) become 0. */
export function toBigOrZero(value: DecimalInput | null | undefined): Big {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return new Big(0);
  return toBig(value);
}

/** A Big, or undefined when the value is empty or not a finite decimal. Never throws. */
export function tryBig(value: unknown): Big | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  try {
    return toBig(value);
  } catch {
    return undefined;
  }
}

/** Rounds half-up to `dp` decimals. */
export function roundHalfUp(value: Big, dp: number): Big {
  return value.round(dp, ROUND_HALF_UP);
}

/**
 * Fixed-point string with exactly `dp` decimals, rounded half-up; no exponent and never "-0.00"
 * (a negative value that rounds to zero is zero). Without `dp`, the exact value in plain notation.
 */
export function toFixedString(value: Big, dp?: number): string {
  const text = dp === undefined ? value.toFixed() : value.toFixed(dp, ROUND_HALF_UP);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * A plain JS number rounded half-up to `dp` decimals, for JSON answers (docs/product.md#money: numbers rounded
 * to their scale). Values ≤ 1e12 with ≤ 4 dp are well within a double's 15–17 significant digits.
 */
export function toNumber(value: Big, dp: number): number {
  // `+ 0` turns a −0 into 0.
  return Number(value.toFixed(dp, ROUND_HALF_UP)) + 0;
}

/** Significant decimals of a value ("1.25" → 2, "1.50" → 1, "1e-7" → 7): big.js drops trailing zeros. */
export function decimalPlaces(value: Big): number {
  // Big keeps the digits in `c` and the exponent in `e`; decimals = digits after the point.
  return Math.max(0, value.c.length - value.e - 1);
}

/**
 * num / den rounded half-up to `dp` decimals, in one division: big.js rounds a quotient correctly
 * to its constructor's DP (it looks at the remainder), so this equals rounding the 30-decimal
 * quotient to `dp`, at a fraction of its cost (decimal.test.ts holds the two equal).
 */
export function divHalfUp(num: Big, den: Big, dp: number): Big {
  const saved = Big.DP;
  Big.DP = dp;
  try {
    return num.div(den);
  } finally {
    Big.DP = saved;
  }
}
