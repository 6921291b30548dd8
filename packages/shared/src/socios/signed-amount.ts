import { z } from 'zod/mini';
import { messages } from '../messages.ts';
import { Big, toFixedString } from '../money/decimal.ts';
import { parseAmount, type ParsedAmount } from '../money/parse-amount.ts';
import { moneyAmountSchema } from '../schemas/transaction.ts';

/**
 * Amounts that may be negative: only a capital registration's share of a balance below zero (a
 * debt, decision 0059). Kept apart from parse-amount.ts and the transaction schemas, which the
 * dashboard loads, so that its first screen carries none of this (apps/web/vite.config.ts keeps
 * this folder out of the `shared` chunk).
 */

/** Every dash a phone keyboard may type for a minus sign. */
const MINUS = /^\s*[-−‒–]/;

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

/**
 * moneyAmountSchema with an optional sign: |v| ≤ 1e12, ≤ 2 decimals, as text with 2 decimals
 * ("-1000.00"); '' / null / missing = "0.00". The magnitude is checked by moneyAmountSchema itself,
 * with its messages, so the two cannot drift apart.
 */
export const signedMoneyAmountSchema = z.pipe(
  z.optional(z.union([z.number(), z.string(), z.null()], { error: messages.amountInvalid })),
  z.transform((raw: number | string | null | undefined, payload) => {
    const negative = typeof raw === 'number' ? raw < 0 : typeof raw === 'string' && MINUS.test(raw);
    const magnitude = typeof raw === 'number' ? Math.abs(raw) : typeof raw === 'string' && negative ? raw.replace(MINUS, '') : raw;
    if (negative && typeof magnitude === 'string' && magnitude.trim() === '') {
      payload.issues.push({ code: 'custom', message: messages.amountInvalid, input: raw });
      return z.NEVER;
    }
    const r = moneyAmountSchema.safeParse(magnitude);
    if (!r.success) {
      for (const issue of r.error.issues) payload.issues.push({ code: 'custom', message: issue.message, input: raw });
      return z.NEVER;
    }
    return negative ? toFixedString(new Big(r.data).neg(), 2) : r.data;
  }),
);
