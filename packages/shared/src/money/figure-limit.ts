import { MONEY_MAX } from '../constants.ts';
import { Big } from './decimal.ts';
import type { TransactionFigures } from './transaction-math.ts';

/**
 * The largest size of any figure of one transaction (docs/decisions/0033-trust-first-security.md):
 * the JSON answers carry money as numbers rounded to cents, and a double holds every cent exactly
 * only below 2^53 / 100 ≈ 9 × 10^13. Each amount and rate is already at most MONEY_MAX (10^12);
 * their products (Bs received or paid) and the profit must be too, so a row's figures stay exact
 * and a day's sums keep that margin for ninety such rows — far beyond any real ledger.
 */
export const FIGURE_MAX = MONEY_MAX;

/** The first figure of a row larger than FIGURE_MAX (in size, either sign), or undefined. */
export function oversizedFigure(f: TransactionFigures): keyof TransactionFigures | undefined {
  const keys = ['bs_recibidos', 'bs_pagados', 'ganancia_ves', 'ganancia_usd'] as const;
  return keys.find((k) => new Big(f[k]).abs().gt(FIGURE_MAX));
}
