import { averageMarginRatio, marginPercent, rowMargins, type MercadoJson, type RowMargins, type Valor } from '@arb/shared';
import type { TransactionRow } from '../transactions/transaction-row-type.ts';

/**
 * A row's market fields in the API (DESIGN §24): its `mercado` stamp and its margins, computed here
 * from the stored rates with the shared formulas (packages/shared/src/money/margins.ts), never taken
 * from a client. Memoized per row object: the day-answer cache keeps its rows, so a change of the
 * day sums the kept rows' weighted margins again without dividing anew.
 */
export interface RowMarket {
  /** The keys the row's JSON gains (none for a row without a stamp). */
  json: { mercado?: MercadoJson; margen_venta?: number; margen_compra?: number };
  margins: RowMargins | null;
}

const NONE: RowMarket = { json: {}, margins: null };
const memo = new WeakMap<TransactionRow, RowMarket>();

/** Stored numeric(17,4) text → JSON number (≤ 4 decimals: exact as a double). */
const rate = (v: string | null): number | null => (v === null ? null : Number(v) + 0);

export function rowMarket(row: TransactionRow): RowMarket {
  if (!row.mercado_fecha) return NONE;
  let m = memo.get(row);
  if (m) return m;
  const margins = rowMargins({ ...row, paralelo: row.mercado_paralelo });
  m = {
    json: {
      mercado: { paralelo: rate(row.mercado_paralelo), oficial: rate(row.mercado_oficial), fecha: row.mercado_fecha },
      ...(margins.venta ? { margen_venta: marginPercent(margins.venta) } : {}),
      ...(margins.compra ? { margen_compra: marginPercent(margins.compra) } : {}),
    },
    margins,
  };
  memo.set(row, m);
  return m;
}

/** resumen.margen_promedio of a day's rows (USD-weighted, from unrounded margins), or undefined when none has a margin. */
export function dayMarginAverage(rows: Iterable<TransactionRow>): Valor | undefined {
  const legs: RowMargins[] = [];
  for (const row of rows) {
    const m = rowMarket(row).margins;
    if (m && m.weight.gt(0)) legs.push(m);
  }
  const ratio = legs.length > 0 ? averageMarginRatio(legs) : null;
  return ratio ? { valor: marginPercent(ratio) } : undefined;
}
