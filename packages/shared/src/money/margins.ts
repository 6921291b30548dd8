import { formatNumber2 } from '../format.ts';
import { t } from '../messages.ts';
import { Big, divHalfUp, toBig, toNumber, type DecimalInput } from './decimal.ts';

/**
 * Margins against the market (DESIGN §24, docs/product.md#market-reference). Computed by the
 * server from the row's stored rates and its `mercado` stamp, never sent by a client; the web only
 * shows them. Positive = better than the market:
 * - a sale (USD sold at tasa_venta):       tasa_venta / paralelo − 1
 * - a purchase (USD bought at tasa_compra): paralelo / tasa_compra − 1
 * A day's average weighs each leg by its USD amount (venta or compra) and uses the unrounded row
 * margins; only the answer is rounded, to a percentage with 2 decimals.
 */

/** The figures a margin needs: the row's amounts and rates (decimal text or numbers) and the stamp's parallel rate. */
export interface MarginRow {
  venta: DecimalInput;
  tasa_venta: DecimalInput;
  compra: DecimalInput;
  tasa_compra: DecimalInput;
  /** The parallel rate the row met (its `mercado.paralelo`); null/undefined = no stamp, no margin. */
  paralelo: DecimalInput | null | undefined;
}

const ONE = new Big(1);
const HUNDRED = new Big(100);

const positive = (v: DecimalInput | null | undefined): Big | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const b = toBig(v);
  return b.gt(0) ? b : undefined;
};

/** tasa_venta / paralelo − 1 (a ratio, unrounded: 30 decimals), or null without both rates. */
export function saleMarginRatio(tasaVenta: DecimalInput, paralelo: DecimalInput | null | undefined): Big | null {
  const t = positive(tasaVenta);
  const p = positive(paralelo);
  return t && p ? t.div(p).minus(ONE) : null;
}

/** paralelo / tasa_compra − 1 (a ratio, unrounded), or null without both rates. */
export function purchaseMarginRatio(tasaCompra: DecimalInput, paralelo: DecimalInput | null | undefined): Big | null {
  const t = positive(tasaCompra);
  const p = positive(paralelo);
  return t && p ? p.div(t).minus(ONE) : null;
}

/** A ratio as the API answers it: a percentage rounded half-up to 2 decimals (0.0125 → 1.25). */
export const marginPercent = (ratio: Big): number => toNumber(ratio.times(HUNDRED), 2);

/** One row's unrounded margins and the USD weight of each leg (0 when the leg has no margin). */
export interface RowMargins {
  venta: Big | null;
  compra: Big | null;
  /** Σ margin × USD of the legs with a margin (the numerator of the day's average). */
  weighted: Big;
  /** Σ USD of the legs with a margin (its denominator). */
  weight: Big;
}

/** A leg has a margin when its amount is > 0 and both its rate and the parallel rate are > 0. */
export function rowMargins(row: MarginRow): RowMargins {
  const venta = positive(row.venta);
  const compra = positive(row.compra);
  const mv = venta ? saleMarginRatio(row.tasa_venta, row.paralelo) : null;
  const mc = compra ? purchaseMarginRatio(row.tasa_compra, row.paralelo) : null;
  let weighted = new Big(0);
  let weight = new Big(0);
  if (mv && venta) {
    weighted = weighted.plus(mv.times(venta));
    weight = weight.plus(venta);
  }
  if (mc && compra) {
    weighted = weighted.plus(mc.times(compra));
    weight = weight.plus(compra);
  }
  return { venta: mv, compra: mc, weighted, weight };
}

/**
 * The day's USD-weighted average margin as a ratio: Σ(margin × USD) / Σ USD over every leg with a
 * margin, or null when no leg has one (no stamped rows).
 */
export function averageMarginRatio(rows: Iterable<Pick<RowMargins, 'weighted' | 'weight'>>): Big | null {
  let weighted = new Big(0);
  let weight = new Big(0);
  for (const r of rows) {
    weighted = weighted.plus(r.weighted);
    weight = weight.plus(r.weight);
  }
  return weight.gt(0) ? weighted.div(weight) : null;
}

/**
 * A day's spread (DESIGN §24): tasa_venta_promedio / tasa_compra_promedio − 1 as a percentage with
 * 2 decimals, or null when the day has no sale or no purchase (an average of 0).
 */
export function daySpreadPercent(tasaVentaPromedio: DecimalInput, tasaCompraPromedio: DecimalInput): number | null {
  const v = positive(tasaVentaPromedio);
  const c = positive(tasaCompraPromedio);
  return v && c ? marginPercent(v.div(c).minus(ONE)) : null;
}

/**
 * The spread of a day from its sums (ledger_day_totals): the averages as the day answer shows them
 * (Σ Bs / Σ USD, 4 decimals half-up, transaction-math.ts), then daySpreadPercent.
 */
export function daySpreadFromTotals(d: {
  venta: DecimalInput;
  compra: DecimalInput;
  bs_recibidos: DecimalInput;
  bs_pagados: DecimalInput;
}): number | null {
  const venta = positive(d.venta);
  const compra = positive(d.compra);
  if (!venta || !compra) return null;
  return daySpreadPercent(divHalfUp(toBig(d.bs_recibidos), venta, 4), divHalfUp(toBig(d.bs_pagados), compra, 4));
}

/**
 * The row chip's text (DESIGN §24): 1.25 → "+1,25 % vs paralelo", −0.5 → "-0,50 % vs paralelo",
 * 0 → "0,00 % vs paralelo". es-ES without Intl (format.ts): the dashboard's rows draw before any
 * Intl format (docs/decisions/0024-entry-and-commit-tasks.md).
 */
export function margenChipText(percent: number): string {
  const sign = percent > 0 ? '+' : '';
  return t('margenVsParalelo', { valor: `${sign}${formatNumber2(percent)}` });
}
