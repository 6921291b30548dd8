import { Big, type DecimalInput, toBig, toBigOrZero, toFixedString } from './decimal.ts';

/**
 * The average-cost method of docs/product.md#profit-method-and-position, as one pure walk shared by the server (stored end-of-day
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
 *   totals are sums of the rounded rows (the per-row rounding of docs/product.md#money).
 * - From a flat position a paired row (venta 100 @ 250, compra 100 @ 240) realizes the per-operation rule's
 *   figure (1,000.00 Bs, 4.17 USD): the USD exactly, the Bs within one céntimo (the per-operation row
 *   subtracts its two sides rounded to the céntimo, docs/decisions/0034); a lone sale realizes 0.
 * - No NaN or Infinity: rates are > 0 for every amount > 0 (transactionInputSchema); a trade with
 *   a zero amount is skipped.
 */

/** The carried average's scale (docs/product.md#profit-method-and-position). */
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

/*
 * The walk runs on scaled integers (BigInt), not on big.js: a recomputation of a 100,000-row
 * ledger spent seconds in big.js divisions and string parsing (docs/decisions/0018). Every value
 * has a fixed scale, so the arithmetic stays exact and the rounding is the same as before:
 *   N and trade quantities: 1e-2 (amounts have 2 decimals)   A: 1e-12 (docs/product.md#profit-method-and-position)
 *   prices p: 1e-4 (rates have 4 decimals)                     fees: 1e-8
 *   realized Bs: 1e-14 (c · (p − A) is exact there)            realized USD: 1e-30
 * Realized USD = Bs / p, divided to 30 decimals half-up per trade — what big.js did with DP = 30 —
 * so every rounded figure is identical to the decimal implementation (average-cost.test.ts holds
 * the two equal on random rows).
 */
const SCALE_Q = 2;
const SCALE_A = 12;
const SCALE_P = 4;
const SCALE_FEE = 8;
const P_TO_A = 10n ** 8n; // 1e-4 → 1e-12
const FEE_BS_TO_VES = 100n; // fee (1e-8) × p (1e-4) = 1e-12 → 1e-14
const VES_OVER_P_TO_USD = 10n ** 20n; // (1e-14 / 1e-4) = 1e-10 → 1e-30
const FEE_TO_USD = 10n ** 22n; // 1e-8 → 1e-30
const VES_TO_CENTS = 10n ** 12n; // 1e-14 → 1e-2
const USD_TO_CENTS = 10n ** 28n; // 1e-30 → 1e-2

/** x / y rounded half away from zero (DESIGN: half-up), y > 0. */
function divRound(x: bigint, y: bigint): bigint {
  const q = x / y;
  const r = x % y;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < y) return q;
  return x < 0n ? q - 1n : q + 1n;
}

const DECIMAL = /^-?\d*(\.\d*)?$/;

/**
 * A decimal (string, number or Big; null/'' = 0) as an integer of 10^-scale units. Valid rows
 * never carry more decimals than their column's scale; a value that does is refused rather than
 * rounded silently.
 */
function scaled(value: Amount, scale: number): bigint {
  if (value === null || value === undefined) return 0n;
  let text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value.toFixed();
  if (text === '') return 0n;
  // 1e-7 as a number prints with an exponent.
  if (text.includes('e') || text.includes('E')) text = toBig(text).toFixed();
  // The common case, a database numeric's text ("1234.5000"), without a regular expression.
  const dot = text.indexOf('.');
  const int = dot < 0 ? text : text.slice(0, dot);
  let frac = dot < 0 ? '' : text.slice(dot + 1);
  if (!DECIMAL.test(text) || ((int === '' || int === '-') && frac === '')) throw new RangeError(`Not a decimal number: ${String(value)}`);
  if (frac.length > scale) {
    if (/[^0]/.test(frac.slice(scale))) throw new RangeError(`More than ${scale} decimals: ${String(value)}`);
    frac = frac.slice(0, scale);
  }
  const negative = int.startsWith('-');
  const units = BigInt((negative ? int.slice(1) : int) + frac.padEnd(scale, '0'));
  return negative ? -units : units;
}

/** An integer of 10^-scale units as a decimal string: exactly `dp` decimals, or the plain value without trailing zeros. */
function unscaled(units: bigint, scale: number, dp?: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  let frac = digits.slice(digits.length - scale);
  if (dp === undefined) frac = frac.replace(/0+$/, '');
  else frac = frac.slice(0, dp); // callers pass values already at `dp` decimals
  const text = frac === '' ? int : `${int}.${frac}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

interface MutableState {
  /** N, 1e-2 USD. */
  n: bigint;
  /** A, 1e-12 Bs per USD. */
  a: bigint;
}

interface Realized {
  /** 1e-14 Bs, exact. */
  ves: bigint;
  /** 1e-30 USD: ves / p rounded half-up at 30 decimals. */
  usd: bigint;
}

const NOTHING: Realized = { ves: 0n, usd: 0n };
const abs = (x: bigint) => (x < 0n ? -x : x);

/** One trade: q signed (+ purchase, − sale, 1e-2) at price p (1e-4). Returns the realized Bs and USD. */
function trade(s: MutableState, q: bigint, p: bigint): Realized {
  if (q === 0n) return NOTHING;
  const absN = abs(s.n);
  const absQ = abs(q);
  if (s.n === 0n || s.n > 0n === q > 0n) {
    // (|N|·A + |q|·p) / (|N| + |q|), half-up to 12 decimals: 1e-14 over 1e-2 is 1e-12.
    s.a = divRound(absN * s.a + absQ * p * P_TO_A, absN + absQ);
    s.n += q;
    return NOTHING;
  }
  const c = absQ < absN ? absQ : absN;
  const pA = p * P_TO_A;
  const wasLong = s.n > 0n;
  const ves = wasLong ? c * (pA - s.a) : c * (s.a - pA);
  const usd = p === 0n ? 0n : divRound(ves * VES_OVER_P_TO_USD, p);
  s.n += q;
  if (s.n === 0n) s.a = 0n;
  else if (s.n > 0n !== wasLong) s.a = pA; // the remainder opens the other side at p
  return { ves, usd };
}

/**
 * Walks `rows` (already in the ledger's order) from `start` (default flat). Rows are not mutated;
 * each result row is the input row plus its realized figures. `perRow: false` leaves `rows` empty
 * (the stored end-of-day states need only the totals and the state; a 100,000-row recomputation
 * then makes no per-row objects or strings).
 */
export function walkAverageCost<T extends AverageCostRow>(
  rows: readonly T[],
  start: AverageCostState = FLAT,
  { perRow = true }: { perRow?: boolean } = {},
): AverageCostWalk<T> {
  const s: MutableState = { n: scaled(start.posicion_usd, SCALE_Q), a: scaled(start.costo_promedio, SCALE_A) };
  let totalVes = 0n;
  let totalUsd = 0n;
  let exactVes = 0n;
  let exactUsd = 0n;
  let fees = 0n;
  const out: Array<T & AverageCostRowFigures> = [];
  for (const row of rows) {
    const venta = scaled(row.venta, SCALE_Q);
    const compra = scaled(row.compra, SCALE_Q);
    const tasaVenta = scaled(row.tasa_venta, SCALE_P);
    const tasaCompra = scaled(row.tasa_compra, SCALE_P);
    const fee = scaled(row.comision_usd, SCALE_FEE);
    // Inside one row the sale comes first (docs/product.md#profit-method-and-position).
    const sale = venta > 0n ? trade(s, -venta, tasaVenta) : NOTHING;
    const purchase = compra > 0n ? trade(s, compra, tasaCompra) : NOTHING;
    let ves = sale.ves + purchase.ves;
    let usd = sale.usd + purchase.usd;
    if (fee > 0n) {
      ves -= fee * (venta > 0n ? tasaVenta : tasaCompra) * FEE_BS_TO_VES;
      usd -= fee * FEE_TO_USD;
      fees += fee;
    }
    exactVes += ves;
    exactUsd += usd;
    const rVes = divRound(ves, VES_TO_CENTS);
    const rUsd = divRound(usd, USD_TO_CENTS);
    totalVes += rVes;
    totalUsd += rUsd;
    if (perRow) out.push({ ...row, realizado_ves: unscaled(rVes, 2, 2), realizado_usd: unscaled(rUsd, 2, 2) });
  }
  return {
    rows: out,
    state: { posicion_usd: unscaled(s.n, SCALE_Q), costo_promedio: unscaled(s.a, SCALE_A) },
    realizado_ves: unscaled(totalVes, 2, 2),
    realizado_usd: unscaled(totalUsd, 2, 2),
    comisiones_usd: unscaled(fees, SCALE_FEE),
    exact: { realizado_ves: new Big(unscaled(exactVes, 14)), realizado_usd: new Big(unscaled(exactUsd, 30)) },
  };
}

export interface UnrealizedFigures {
  no_realizado_ves: string;
  no_realizado_usd: string;
}

/**
 * Unrealized profit of a position at the reference rate R (docs/product.md#profit-method-and-position): N·(R − A) Bs for a long,
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
