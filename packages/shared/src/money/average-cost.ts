import { Big, divHalfUp, type DecimalInput, roundHalfUp, toBigOrZero, toFixedString } from './decimal.ts';

/**
 * The average-cost method of DESIGN §13, as one pure walk shared by the server (stored end-of-day
 * states, position, pnl, realized figures under `costo_promedio`) and the web.
 *
 * State: the open position N in USD (> 0: dollars bought and not yet sold; < 0: dollars sold and
 * not yet bought back) and its average rate A in Bs per USD (0 when N = 0).
 *
 * Invariants (checked by average-cost.test.ts):
 * - Rows are walked in the ledger's order (fecha, then ocurrido_en, created_at, id); inside one
 *   row the sale comes first, then the purchase.
 * - A trade q (+ purchase, − sale) at price p that opens or extends the position (N = 0 or the same
 *   sign) moves A to the weighted mean (|N|·A + |q|·p) / (|N| + |q|) and realizes nothing.
 * - A trade that reduces realizes c·(p − A) Bs closing a long, c·(A − p) closing a short, with
 *   c = min(|q|, |N|), and that Bs amount / p in USD; a remainder beyond c opens the other side at
 *   A = p; A = 0 when N reaches 0.
 * - A fee f on a row realizes −f USD and −f·p Bs (p: the row's sale rate if it has a sale, else
 *   its purchase rate); it never moves N or A.
 * - A is carried rounded half-up to 12 decimals after every trade, so any recomputation from a
 *   stored state gives the same figures as walking from the first row.
 * - Each row's realized Bs and USD are rounded half-up to 2 decimals once; cumulative figures and
 *   totals are sums of the rounded rows (the §2 invariant).
 * - From a flat position a paired row (venta 100 @ 250, compra 100 @ 240) realizes exactly §2's
 *   figure (1,000.00 Bs, 4.17 USD); a lone sale realizes 0.
 * - No NaN or Infinity: rates are > 0 for every amount > 0 (transactionInputSchema); a trade with
 *   a zero amount is skipped.
 */

/** The carried average's scale (DESIGN §13). */
export const AVERAGE_COST_DP = 12;

/** A position as stored and answered: exact decimal strings. */
export interface AverageCostState {
  /** N, USD (2 dp amounts summed, so at most 2 decimals). */
  posicion_usd: string;
  /** A, Bs per USD, 12 decimals; "0" when flat. */
  costo_promedio: string;
}

export const FLAT: AverageCostState = { posicion_usd: '0', costo_promedio: '0' };

type Amount = DecimalInput | null | undefined;

export interface AverageCostRow {
  venta: Amount;
  tasa_venta: Amount;
  compra: Amount;
  tasa_compra: Amount;
  comision_usd?: Amount;
}

export interface AverageCostRowFigures {
  /** The row's realized Bs, half-up to 2 dp. */
  realizado_ves: string;
  /** The row's realized USD, half-up to 2 dp. */
  realizado_usd: string;
}

export interface AverageCostWalk<T> {
  rows: Array<T & AverageCostRowFigures>;
  /** The state after the last row. */
  state: AverageCostState;
  /** Sums of the rounded rows. */
  realizado_ves: string;
  realizado_usd: string;
  /** Σ comision_usd, exact. */
  comisiones_usd: string;
  /** The unrounded realized sums, for properties and checks (not for display). */
  exact: { realizado_ves: Big; realizado_usd: Big };
}

const ZERO = new Big(0);

interface MutableState {
  n: Big;
  a: Big;
}

/** One trade: q signed (+ purchase, − sale) at price p. Returns the realized Bs and USD (unrounded). */
function trade(s: MutableState, q: Big, p: Big): { ves: Big; usd: Big } {
  if (q.eq(0)) return { ves: ZERO, usd: ZERO };
  const absN = s.n.abs();
  const absQ = q.abs();
  if (s.n.eq(0) || s.n.gt(0) === q.gt(0)) {
    // One division straight to 12 decimals: a 100k-row recomputation was dominated by 30-digit ones.
    s.a = divHalfUp(absN.times(s.a).plus(absQ.times(p)), absN.plus(absQ), AVERAGE_COST_DP);
    s.n = s.n.plus(q);
    return { ves: ZERO, usd: ZERO };
  }
  const c = absQ.lt(absN) ? absQ : absN;
  const ves = s.n.gt(0) ? c.times(p.minus(s.a)) : c.times(s.a.minus(p));
  const usd = p.eq(0) ? ZERO : ves.div(p);
  const wasLong = s.n.gt(0);
  s.n = s.n.plus(q);
  if (s.n.eq(0)) s.a = ZERO;
  else if (s.n.gt(0) !== wasLong) s.a = roundHalfUp(p, AVERAGE_COST_DP); // the remainder opens the other side at p
  return { ves, usd };
}

/**
 * Walks `rows` (already in the ledger's order) from `start` (default flat). Rows are not mutated;
 * each result row is the input row plus its realized figures.
 */
export function walkAverageCost<T extends AverageCostRow>(rows: readonly T[], start: AverageCostState = FLAT): AverageCostWalk<T> {
  const s: MutableState = { n: toBigOrZero(start.posicion_usd), a: toBigOrZero(start.costo_promedio) };
  let totalVes = ZERO;
  let totalUsd = ZERO;
  let exactVes = ZERO;
  let exactUsd = ZERO;
  let fees = ZERO;
  const out = rows.map((row) => {
    const venta = toBigOrZero(row.venta);
    const compra = toBigOrZero(row.compra);
    const tasaVenta = toBigOrZero(row.tasa_venta);
    const tasaCompra = toBigOrZero(row.tasa_compra);
    const fee = toBigOrZero(row.comision_usd);
    // Inside one row the sale comes first (DESIGN §13).
    const sale = venta.gt(0) ? trade(s, venta.neg(), tasaVenta) : { ves: ZERO, usd: ZERO };
    const purchase = compra.gt(0) ? trade(s, compra, tasaCompra) : { ves: ZERO, usd: ZERO };
    let ves = sale.ves.plus(purchase.ves);
    let usd = sale.usd.plus(purchase.usd);
    if (fee.gt(0)) {
      ves = ves.minus(fee.times(venta.gt(0) ? tasaVenta : tasaCompra));
      usd = usd.minus(fee);
      fees = fees.plus(fee);
    }
    exactVes = exactVes.plus(ves);
    exactUsd = exactUsd.plus(usd);
    const rVes = roundHalfUp(ves, 2);
    const rUsd = roundHalfUp(usd, 2);
    totalVes = totalVes.plus(rVes);
    totalUsd = totalUsd.plus(rUsd);
    return { ...row, realizado_ves: toFixedString(rVes, 2), realizado_usd: toFixedString(rUsd, 2) };
  });
  return {
    rows: out,
    state: { posicion_usd: toFixedString(s.n), costo_promedio: toFixedString(s.a) },
    realizado_ves: toFixedString(totalVes, 2),
    realizado_usd: toFixedString(totalUsd, 2),
    comisiones_usd: toFixedString(fees),
    exact: { realizado_ves: exactVes, realizado_usd: exactUsd },
  };
}

export interface UnrealizedFigures {
  no_realizado_ves: string;
  no_realizado_usd: string;
}

/**
 * Unrealized profit of a position at the reference rate R (DESIGN §13): N·(R − A) Bs for a long,
 * |N|·(A − R) for a short (both are N·(R − A)), 0 when flat; USD = Bs / R; each rounded half-up
 * to 2 dp from the unrounded value.
 */
export function unrealized(state: AverageCostState, tasa: DecimalInput): UnrealizedFigures {
  const n = toBigOrZero(state.posicion_usd);
  const a = toBigOrZero(state.costo_promedio);
  const r = toBigOrZero(tasa);
  const ves = n.eq(0) ? ZERO : n.times(r.minus(a));
  const usd = r.eq(0) ? ZERO : ves.div(r);
  return { no_realizado_ves: toFixedString(ves, 2), no_realizado_usd: toFixedString(usd, 2) };
}
