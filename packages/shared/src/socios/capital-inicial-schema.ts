// zod/mini, like the other schemas.
import { z } from 'zod/mini';
import { messages } from '../messages.ts';
import { Big, toFixedString } from '../money/decimal.ts';
import { entryDayKeySchema, uuidSchema } from '../schemas/common.ts';
import { moneyAmountSchema } from '../schemas/transaction.ts';
import { MINUS } from './signed-amount.ts';

/**
 * The request of "Registrar capital inicial" (docs/api.md#socios). Its own module, which only the
 * server reads at run time: the web sends the body and imports nothing but its types, so neither
 * this schema nor the signed amount reach a browser chunk (decision 0059; the package has no side
 * effects, so the bundler drops a module none of whose values is used).
 */

const objectError = { error: messages.validationFailed };

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

/** At most this many lines in a registration (a ledger's members; the same bound as the split rule). */
export const CAPITAL_INICIAL_MAX_SOCIOS = 50;

/**
 * POST …/socios/capital-inicial (DESIGN §28 "Existing ledgers", decision 0056): on `fecha`, each
 * member's share of that day's opening balances, in bolívares and in dollars (2 decimals, as text;
 * "0" where none). A share may be negative — a currency that opened below zero, or a partner taking
 * on part of a debt — and is then written as a retiro (decision 0059). The server checks they add
 * up per currency to the opening balances.
 */
export const capitalInicialSchema = z
  .object(
    {
      // Written into the ledger (a base and movements of that day): no later than tomorrow (issue 36).
      fecha: entryDayKeySchema,
      aportes: z
        .array(z.object({ userId: uuidSchema, ves: signedMoneyAmountSchema, usd: signedMoneyAmountSchema }, objectError), objectError)
        .check(z.minLength(1, messages.validationFailed), z.maxLength(CAPITAL_INICIAL_MAX_SOCIOS, messages.validationFailed)),
    },
    objectError,
  )
  .check(z.refine((r) => new Set(r.aportes.map((a) => a.userId)).size === r.aportes.length, messages.capitalInicialRepetido));
export type CapitalInicialInput = z.input<typeof capitalInicialSchema>;
export type CapitalInicialData = z.output<typeof capitalInicialSchema>;
