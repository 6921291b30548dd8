import { tryBig } from './decimal.ts';
import { formatAmountInput, parseAmount } from './parse-amount.ts';

/**
 * docs/product.md#money: a money or rate field shows its value in es-ES once the user leaves it
 * ("318,5" → "318,50", "1500" → "1.500,00", "312.1234" → "312,1234"), through parseAmount — the
 * one reading of typed numbers. It never rounds what was typed (issue 17: a float `toFixed(2)`
 * turned 312.4567 into 312.46): a text it cannot read exactly (empty, negative, ambiguous, too
 * many decimals) is returned unchanged, for the form's validation to name.
 */
export function padDecimals(raw: string, maxDecimals: number): string {
  const parsed = parseAmount(raw, maxDecimals);
  return parsed.ok && parsed.value !== null ? formatAmountInput(parsed.value, maxDecimals) : raw;
}

/**
 * A number from the API (or the parallel rate) as a field's text, es-ES, through exact decimals:
 * '' for 0/absent (an unused side stays empty), at least 2 decimals, at most `maxDecimals`
 * (rounded half-up only beyond them: 4 for a rate, 2 for an amount, 8 for a fee).
 */
export function toInputText(value: number | string | null | undefined, maxDecimals = 4): string {
  const big = tryBig(value ?? undefined);
  if (!big || big.eq(0)) return '';
  return formatAmountInput(big, maxDecimals);
}
