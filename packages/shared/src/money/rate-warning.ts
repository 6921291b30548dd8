import { formatRate } from '../format.ts';
import { t } from '../messages.ts';
import { tryBig, type Big } from './decimal.ts';
import { formatAmountInput } from './parse-amount.ts';

/**
 * docs/product.md#money "Typing numbers": a rate more than twice the parallel rate, or less than
 * half of it, is asked about before it is saved — "318,5" read as 3185 was saved once without a
 * word (issue 36). Exactly 2× or ½ is not asked about. Nothing is asked without a parallel rate,
 * nor for an empty or zero rate.
 */
export const RATE_WARNING_FACTOR = 2;

export interface RateWarning {
  /** How many times the parallel rate (above) or how many times smaller (below), e.g. "10,2". */
  factor: string;
  direction: 'above' | 'below';
}

/** The warning for `rate` against `parallel`, or null when it is within ½× … 2× (or either is missing). */
export function rateFarFromMarket(rate: unknown, parallel: unknown): RateWarning | null {
  const r = tryBig(rate);
  const p = tryBig(parallel);
  if (!r || !p || r.lte(0) || p.lte(0)) return null;
  if (r.gt(p.times(RATE_WARNING_FACTOR))) return { factor: factorText(r.div(p)), direction: 'above' };
  if (r.times(RATE_WARNING_FACTOR).lt(p)) return { factor: factorText(p.div(r)), direction: 'below' };
  return null;
}

/** A factor with at most one decimal, es-ES, half-up: 10.2048… → "10,2", 10.04 → "10". */
function factorText(x: Big): string {
  return formatAmountInput(x, 1)
    .replace(/,0+$/, '')
    .replace(/,(\d)0$/, ',$1');
}

/**
 * Which rate is asked about: a transaction's sale or purchase rate, a movement's (a VES aporte or
 * retiro valued in USD) or a settlement's final rate (docs/product.md#money).
 */
const RATE_NAMES = { venta: 'tasa de venta', compra: 'tasa de compra', tasa: 'tasa', final: 'tasa final' } as const;

/** The question for a far rate: "¿Seguro? La tasa de venta es 10 veces la paralela (312,1234 Bs)". */
export function rateWarningText(which: keyof typeof RATE_NAMES, warning: RateWarning, parallel: number | string): string {
  return t(warning.direction === 'above' ? 'rateFarAbove' : 'rateFarBelow', {
    tasa: RATE_NAMES[which],
    factor: warning.factor,
    paralela: formatRate(parallel),
  });
}

interface Rates {
  venta: unknown;
  tasa_venta: unknown;
  compra: unknown;
  tasa_compra: unknown;
}

/**
 * The questions to ask before a create or an edit is sent: one per side with an amount whose rate
 * is far from `parallel`. An edit passes the row as it was: a rate it does not change is not asked
 * about again (it was saved against another day's market).
 */
export function farRateQuestions(tx: Rates, parallel: number | string | null | undefined, before?: Rates): string[] {
  if (parallel === null || parallel === undefined) return [];
  const questions: string[] = [];
  for (const [which, amount, rate] of [
    ['venta', 'venta', 'tasa_venta'],
    ['compra', 'compra', 'tasa_compra'],
  ] as const) {
    if (!tryBig(tx[amount])?.gt(0)) continue;
    const old = before ? tryBig(before[rate]) : undefined;
    const now = tryBig(tx[rate]);
    if (old && now && old.eq(now)) continue;
    const warning = rateFarFromMarket(tx[rate], parallel);
    if (warning) questions.push(rateWarningText(which, warning, parallel));
  }
  return questions;
}
