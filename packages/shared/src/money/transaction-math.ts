import { Big, type DecimalInput, roundHalfUp, toBigOrZero, toFixedString, toNumber, tryBig } from './decimal.ts';

/**
 * The money rules of docs/product.md#money and docs/product.md#money, as pure functions shared by the server (stored and
 * answered figures) and the web (form previews). Every result is an exact decimal string.
 *
 * Invariants (checked by transaction-math.test.ts):
 * - bs_recibidos = venta × tasa_venta and bs_pagados = compra × tasa_compra, each rounded half-up
 *   to 2 dp: the row's figure is the figure shown and exported, and every balance is a sum of those
 *   rounded rows (docs/product.md#money, docs/decisions/0034), so base + Σ rows shown = the balance shown.
 * - ganancia_ves is taken from the rounded sides (bs_recibidos − bs_pagados as shown, minus the fee);
 *   ganancia_usd from the exact products divided by the rate (a valuation, not a sum of shown Bs).
 * - Each row's ganancia is rounded half-up to 2 dp once; cumulative values and day totals are sums
 *   of those rounded rows, so the rows shown always add up to the totals shown.
 * - A sale alone earns +venta USD, a purchase alone −compra USD.
 * - No NaN or Infinity ever: a division by 0 counts as 0.
 * - A day's figures depend only on its own rows (in order) and its base balances.
 * - A fee (comision_usd, docs/product.md#binance-import, docs/product.md#profit-method-and-position) is a cost: the row's ganancia_usd −= fee and ganancia_ves
 *   −= fee × (its sale rate if it has a sale, else its purchase rate), before the row's rounding;
 *   saldo_disponible_usd (and saldo_usd_actual for verified rows) −= Σ fees.
 */

type Amount = DecimalInput | null | undefined;

export interface TransactionAmounts {
  venta: Amount;
  tasa_venta: Amount;
  compra: Amount;
  tasa_compra: Amount;
  /** The row's fee in USD (≥ 0, up to 8 dp); missing = 0. */
  comision_usd?: Amount;
}

export interface TransactionFigures {
  /** venta × tasa_venta, half-up to 2 dp (docs/decisions/0034). */
  bs_recibidos: string;
  /** compra × tasa_compra, half-up to 2 dp. */
  bs_pagados: string;
  /** bs_recibidos − bs_pagados (the rounded sides) minus the fee in Bs, half-up to 2 dp. */
  ganancia_ves: string;
  /** Unrounded ganancia in Bs divided by the purchase rate (else the sale rate), half-up to 2 dp. */
  ganancia_usd: string;
}

const ZERO = new Big(0);

/** a / b, or 0 when b is 0 (never Infinity). */
function safeDiv(a: Big, b: Big): Big {
  return b.eq(0) ? ZERO : a.div(b);
}

/** The exact intermediate values; the rounded strings are derived from them. */
function exactFigures(tx: TransactionAmounts) {
  const venta = toBigOrZero(tx.venta);
  const compra = toBigOrZero(tx.compra);
  const tasaVenta = toBigOrZero(tx.tasa_venta);
  const tasaCompra = toBigOrZero(tx.tasa_compra);
  const comision = toBigOrZero(tx.comision_usd);
  const exactRecibidos = venta.times(tasaVenta);
  const exactPagados = compra.times(tasaCompra);
  // docs/decisions/0034: each side is rounded to the céntimo once, here; the row shows and stores
  // that figure and the day's balances sum it, so the rows shown add up to the balance shown.
  const bsRecibidos = roundHalfUp(exactRecibidos, 2);
  const bsPagados = roundHalfUp(exactPagados, 2);
  // USD profit is valued at the purchase rate when there is a purchase, else at the sale rate:
  // a sale alone then gives (venta × tasa_venta) / tasa_venta = +venta exactly.
  const divisor = compra.gt(0) ? tasaCompra : venta.gt(0) ? tasaVenta : ZERO;
  // docs/product.md#profit-method-and-position "Fees are a cost under both methods": the fee is valued at the sale rate when the
  // row has a sale, else at its purchase rate; both subtractions come before the rounding.
  const feeRate = venta.gt(0) ? tasaVenta : tasaCompra;
  const gananciaVes = bsRecibidos.minus(bsPagados).minus(comision.times(feeRate));
  // One side alone divides by its own rate: (venta × tasa_venta) / tasa_venta is venta exactly and
  // (−compra × tasa_compra) / tasa_compra is −compra, so those rows skip the 30-digit division
  // (an import of 20,000 one-sided orders spent most of its allocations there).
  const usd = divisor.eq(0)
    ? ZERO
    : venta.gt(0) && compra.gt(0)
      ? exactRecibidos.minus(exactPagados).div(divisor)
      : compra.gt(0)
        ? compra.neg()
        : venta;
  const gananciaUsd = usd.minus(comision);
  return {
    venta,
    compra,
    comision,
    bsRecibidos,
    bsPagados,
    gananciaVes: roundHalfUp(gananciaVes, 2),
    gananciaUsd: roundHalfUp(gananciaUsd, 2),
  };
}

/** exactFigures' shape from figures computed earlier by computeTransaction (see DayRowInput.stored). */
function storedFigures(tx: TransactionAmounts, stored: NonNullable<DayRowInput['stored']>): ReturnType<typeof exactFigures> {
  return {
    venta: toBigOrZero(tx.venta),
    compra: toBigOrZero(tx.compra),
    comision: toBigOrZero(tx.comision_usd),
    bsRecibidos: new Big(stored.bs_recibidos),
    bsPagados: new Big(stored.bs_pagados),
    gananciaVes: new Big(stored.ganancia_ves),
    gananciaUsd: new Big(stored.ganancia_usd),
  };
}

/**
 * Figures of one transaction. Inputs are decimal strings or numbers (null/'' = 0); they are
 * expected to be valid (transactionInputSchema), but even a zero rate gives finite results.
 * Throws a RangeError only for a value that is not a number at all.
 */
export function computeTransaction(tx: TransactionAmounts): TransactionFigures {
  const f = exactFigures(tx);
  return {
    bs_recibidos: toFixedString(f.bsRecibidos, 2),
    bs_pagados: toFixedString(f.bsPagados, 2),
    ganancia_ves: toFixedString(f.gananciaVes, 2),
    ganancia_usd: toFixedString(f.gananciaUsd, 2),
  };
}

export interface DayRowInput extends TransactionAmounts {
  esta_verificada?: boolean | null;
  /**
   * The figures computeTransaction gave for these amounts when the row was written (the server
   * stores them). When present they are used as they are — the same numbers, without a division
   * and two products per row, which matters for a day of hundreds of rows on every request.
   */
  stored?: Pick<TransactionFigures, 'bs_recibidos' | 'bs_pagados' | 'ganancia_ves' | 'ganancia_usd'>;
}

export interface DayBase {
  saldo_base_ves: Amount;
  saldo_base_usd: Amount;
  /**
   * The base of the verified balances (docs/product.md#balances-of-a-day): the explicit base when set, else the previous
   * active day's *verified* closing. Absent: the same as the day's base.
   */
  verificado_ves?: Amount;
  verificado_usd?: Amount;
}

/** Per-row figures, named as in the balances response (docs/api.md). */
export interface DayRowFigures {
  bs_recibidos: string;
  bs_pagados: string;
  ganancia_transaccion_ves: string;
  ganancia_transaccion_usd: string;
  ganancia_acumulada_ves_hasta_esta_transaccion: string;
  ganancia_acumulada_usd_hasta_esta_transaccion: string;
}

export interface DayResult<T> {
  /** The input rows, same order, each with its figures added. */
  transacciones_con_acumulados: Array<T & DayRowFigures>;
  resumen: {
    saldo_disponible_ves: string;
    saldo_disponible_usd: string;
    venta_total: string;
    compra_total: string;
    ganancia_total_ves: string;
    ganancia_total_usd: string;
  };
  /** Amount-weighted average rates, 4 dp (0 when nothing was sold / bought). */
  promedios: { tasa_venta_promedio: string; tasa_compra_promedio: string };
  /** The available balances counting only verified transactions (money confirmed to have arrived). */
  saldos_actuales: { saldo_ves_actual: string; saldo_usd_actual: string };
}

/**
 * The figures of one day. `rows` must already be in the day's order (docs/product.md#binance-import: ocurrido_en,
 * created_at, then id); the
 * result depends on nothing else, so days can be computed independently and in any order.
 * Rows are not mutated.
 */
export function computeDay<T extends DayRowInput>(rows: readonly T[], base: DayBase): DayResult<T> {
  let ventaTotal = ZERO;
  let compraTotal = ZERO;
  let comisionTotal = ZERO;
  let recibidos = ZERO;
  let pagados = ZERO;
  let gananciaVes = ZERO;
  let gananciaUsd = ZERO;
  // Verified-only sums for saldos_actuales.
  let vVenta = ZERO;
  let vCompra = ZERO;
  let vComision = ZERO;
  let vRecibidos = ZERO;
  let vPagados = ZERO;

  const transacciones = rows.map((row) => {
    const f = row.stored ? storedFigures(row, row.stored) : exactFigures(row);
    ventaTotal = ventaTotal.plus(f.venta);
    compraTotal = compraTotal.plus(f.compra);
    comisionTotal = comisionTotal.plus(f.comision);
    recibidos = recibidos.plus(f.bsRecibidos);
    pagados = pagados.plus(f.bsPagados);
    // Running sums of the *rounded* row values, so the last running sum equals the total.
    gananciaVes = gananciaVes.plus(f.gananciaVes);
    gananciaUsd = gananciaUsd.plus(f.gananciaUsd);
    if (row.esta_verificada === true) {
      vVenta = vVenta.plus(f.venta);
      vCompra = vCompra.plus(f.compra);
      vComision = vComision.plus(f.comision);
      vRecibidos = vRecibidos.plus(f.bsRecibidos);
      vPagados = vPagados.plus(f.bsPagados);
    }
    return {
      ...row,
      bs_recibidos: toFixedString(f.bsRecibidos, 2),
      bs_pagados: toFixedString(f.bsPagados, 2),
      ganancia_transaccion_ves: toFixedString(f.gananciaVes, 2),
      ganancia_transaccion_usd: toFixedString(f.gananciaUsd, 2),
      ganancia_acumulada_ves_hasta_esta_transaccion: toFixedString(gananciaVes, 2),
      ganancia_acumulada_usd_hasta_esta_transaccion: toFixedString(gananciaUsd, 2),
    };
  });

  return {
    transacciones_con_acumulados: transacciones,
    ...summarizeDay(
      {
        venta: ventaTotal,
        compra: compraTotal,
        comision_usd: comisionTotal,
        bs_recibidos: recibidos,
        bs_pagados: pagados,
        ganancia_ves: gananciaVes,
        ganancia_usd: gananciaUsd,
        v_venta: vVenta,
        v_compra: vCompra,
        v_comision_usd: vComision,
        v_bs_recibidos: vRecibidos,
        v_bs_pagados: vPagados,
      },
      base,
    ),
  };
}

/**
 * Exact sums of a day's rows (ganancia: of the rounded rows; v_*: of the verified rows only), as
 * computeDay adds them up or as ledger_day_totals keeps them (docs/decisions/0003).
 */
export interface DaySums {
  venta: DecimalInput;
  compra: DecimalInput;
  comision_usd: DecimalInput;
  bs_recibidos: DecimalInput;
  bs_pagados: DecimalInput;
  ganancia_ves: DecimalInput;
  ganancia_usd: DecimalInput;
  v_venta: DecimalInput;
  v_compra: DecimalInput;
  v_comision_usd: DecimalInput;
  v_bs_recibidos: DecimalInput;
  v_bs_pagados: DecimalInput;
}

/**
 * A day's summary figures from its sums and base: the one formula of docs/product.md#money, docs/product.md#balances-of-a-day for them, used
 * by computeDay and by the server's incrementally kept day answer (docs/decisions/0017), so both
 * give the same strings. Balances are computed exactly and rounded once at the end.
 */
export function summarizeDay(sums: DaySums, base: DayBase): Omit<DayResult<never>, 'transacciones_con_acumulados'> {
  const baseVes = toBigOrZero(base.saldo_base_ves);
  const baseUsd = toBigOrZero(base.saldo_base_usd);
  const verifiedBaseVes = base.verificado_ves === undefined ? baseVes : toBigOrZero(base.verificado_ves);
  const verifiedBaseUsd = base.verificado_usd === undefined ? baseUsd : toBigOrZero(base.verificado_usd);
  const ventaTotal = new Big(sums.venta);
  const compraTotal = new Big(sums.compra);
  const recibidos = new Big(sums.bs_recibidos);
  const pagados = new Big(sums.bs_pagados);
  return {
    resumen: {
      saldo_disponible_ves: toFixedString(baseVes.plus(recibidos).minus(pagados), 2),
      saldo_disponible_usd: toFixedString(baseUsd.minus(ventaTotal).plus(compraTotal).minus(sums.comision_usd), 2),
      venta_total: toFixedString(ventaTotal, 2),
      compra_total: toFixedString(compraTotal, 2),
      ganancia_total_ves: toFixedString(new Big(sums.ganancia_ves), 2),
      ganancia_total_usd: toFixedString(new Big(sums.ganancia_usd), 2),
    },
    promedios: {
      tasa_venta_promedio: toFixedString(safeDiv(recibidos, ventaTotal), 4),
      tasa_compra_promedio: toFixedString(safeDiv(pagados, compraTotal), 4),
    },
    saldos_actuales: {
      saldo_ves_actual: toFixedString(verifiedBaseVes.plus(sums.v_bs_recibidos).minus(sums.v_bs_pagados), 2),
      saldo_usd_actual: toFixedString(verifiedBaseUsd.minus(sums.v_venta).plus(sums.v_compra).minus(sums.v_comision_usd), 2),
    },
  };
}

/* ---------------------------------------------------------------------------------------------
 * Form previews (docs/product.md#money). Form fields may be '' or half-typed, so these never throw: anything
 * that is not a finite number counts as "not filled". They return plain numbers for display.
 * ------------------------------------------------------------------------------------------- */

type FormValue = string | number | null | undefined;

/** A filled field's value, or undefined for '' / null / not a number. */
const filled = (v: FormValue): Big | undefined => tryBig(v);
/** A field that is filled with a value > 0. */
const positive = (v: FormValue): Big | undefined => {
  const b = filled(v);
  return b && b.gt(0) ? b : undefined;
};

/** True only when all four create-form fields are filled with numbers. */
export function canPreviewCreate(venta: FormValue, tasa_venta: FormValue, compra: FormValue, tasa_compra: FormValue): boolean {
  return [venta, tasa_venta, compra, tasa_compra].every((v) => filled(v) !== undefined);
}

/**
 * Create-form profit (docs/product.md#money): (venta × tasa_venta − compra × tasa_compra) / tasa_compra in USD,
 * half-up to 2 dp; 0 when tasa_compra is 0 or empty. Empty fields count as 0.
 */
export function previewCreateProfit(venta: FormValue, tasa_venta: FormValue, compra: FormValue, tasa_compra: FormValue): number {
  const tc = filled(tasa_compra) ?? ZERO;
  if (tc.eq(0)) return 0;
  const v = filled(venta) ?? ZERO;
  const tv = filled(tasa_venta) ?? ZERO;
  const c = filled(compra) ?? ZERO;
  return toNumber(v.times(tv).minus(c.times(tc)).div(tc), 2);
}

/** docs/product.md#money: the edit form shows its preview once venta or compra is filled with a value > 0. */
export function canPreviewEdit(venta: FormValue, compra: FormValue): boolean {
  return positive(venta) !== undefined || positive(compra) !== undefined;
}

/**
 * Edit-form profit preview (docs/product.md#money), in USD half-up to 2 dp: sale only (with its rate) = +venta;
 * purchase only (with its rate) = −compra; both (with both rates) = (venta × tasa_venta − compra ×
 * tasa_compra) / tasa_compra; anything else 0. "Filled" means a number > 0. These agree with
 * computeTransaction's ganancia_usd for every valid transaction.
 */
export function previewEditProfit(venta: FormValue, tasa_venta: FormValue, compra: FormValue, tasa_compra: FormValue): number {
  const v = positive(venta);
  const tv = positive(tasa_venta);
  const c = positive(compra);
  const tc = positive(tasa_compra);
  if (v && tv && c && tc) return toNumber(v.times(tv).minus(c.times(tc)).div(tc), 2);
  if (v && tv && !c) return toNumber(v, 2);
  if (c && tc && !v) return toNumber(c.neg(), 2);
  return 0;
}
