import { averageMarginRatio, marginPercent, rowMargins, type RowMargins } from '@arb/shared';

/**
 * The reports' margins against the market (DESIGN §24, §25; docs/product.md#reportes), only ever
 * through the shared formulas (packages/shared/src/money/margins.ts): a row's margin, a day's and
 * the month's USD-weighted averages, all from the rows' unrounded margins and their `mercado` stamp.
 */

/** What a margin reads from a stored row: its amounts, rates and the parallel rate it was stamped with. */
export interface StampedRow {
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  mercado_paralelo: string | null;
}

/** A percentage from marginPercent (2 decimals) as the report's exact text, or null. */
const text = (ratio: ReturnType<typeof averageMarginRatio>): string | null => (ratio === null ? null : marginPercent(ratio).toFixed(2));

export const rowMarginsOf = (r: StampedRow): RowMargins => rowMargins({ ...r, paralelo: r.mercado_paralelo });

/**
 * One row's margin in %, for the Operaciones sheet's single column: its legs' USD-weighted average
 * (a one-sided row: that side's margin exactly; a row with both sides weighs each by its USD, as
 * the day's average does). Null without a stamp.
 */
export const rowMarginText = (m: RowMargins): string | null => text(averageMarginRatio([m]));

/** A day's (or the month's) USD-weighted average margin in %, from the unrounded row margins; null when no leg has one. */
export const averageMarginText = (rows: Iterable<RowMargins>): string | null => text(averageMarginRatio(rows));
