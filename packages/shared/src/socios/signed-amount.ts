import { messages } from '../messages.ts';
import { Big, toFixedString } from '../money/decimal.ts';
import { parseAmount, type ParsedAmount } from '../money/parse-amount.ts';

/**
 * Amounts typed with a sign: only a capital registration's share of a balance below zero (a debt,
 * decision 0059). Kept apart from parse-amount.ts, which the dashboard loads, so that its first
 * screen carries none of this (apps/web/vite.config.ts keeps this folder out of the `shared` chunk).
 * The API's schema is signedMoneyAmountSchema (schemas/socios.ts).
 */

/** Every dash a phone keyboard may type for a minus sign. */
export const MINUS = /^\s*[-−‒–]/;

/**
 * parseAmount with an optional leading minus sign: "-4.000,00" → "-4000", "− 1.234,5" → "-1234.5";
 * "-0" is 0; a lone minus is not a number. Everything after the sign reads as parseAmount does.
 */
export function parseSignedAmount(raw: string, maxDecimals: number): ParsedAmount {
  const negative = MINUS.test(raw);
  const rest = negative ? raw.replace(MINUS, '') : raw;
  if (negative && rest.trim() === '') return { ok: false, error: messages.numberNotANumber };
  const read = parseAmount(rest, maxDecimals);
  if (!read.ok || read.value === null || !negative) return read;
  return { ok: true, value: toFixedString(new Big(read.value).neg()) };
}
