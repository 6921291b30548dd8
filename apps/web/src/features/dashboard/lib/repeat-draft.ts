import { AMOUNT_DECIMALS, FEE_DECIMALS, RATE_DECIMALS, toInputText } from '@arb/shared';
import type { TransactionRow } from '../api/types';

/**
 * What "Repetir" puts in the new-transaction form (docs/product.md#repetir): the row's amounts,
 * rates and fee as a person would type them ("1.234,56", the shared es-ES text, never a float's
 * digits), and its accounts. The notes are left out: they usually hold the order's own reference,
 * which the next operation does not share.
 */
export interface RepeatValues {
  venta: string;
  tasa_venta: string;
  compra: string;
  tasa_compra: string;
  comision_usd: string;
  /**
   * The row's accounts, '' for Sin asignar: the form's Cuenta Bs / Cuenta USD selects read these
   * form values.
   */
  cuentaVesId: string;
  cuentaUsdId: string;
}

/** One press of "Repetir": `n` grows with every press, so repeating the same row twice fills the form twice. */
export interface RepeatDraft {
  n: number;
  values: RepeatValues;
}

/** The form's text for a row: an unused side stays empty (its rate too), as the form starts. */
export function repeatValues(tx: TransactionRow): RepeatValues {
  const sells = tx.venta > 0;
  const buys = tx.compra > 0;
  return {
    venta: sells ? toInputText(tx.venta, AMOUNT_DECIMALS) : '',
    tasa_venta: sells ? toInputText(tx.tasa_venta, RATE_DECIMALS) : '',
    compra: buys ? toInputText(tx.compra, AMOUNT_DECIMALS) : '',
    tasa_compra: buys ? toInputText(tx.tasa_compra, RATE_DECIMALS) : '',
    comision_usd: toInputText(tx.comision_usd, FEE_DECIMALS),
    cuentaVesId: tx.cuenta_ves_id ?? '',
    cuentaUsdId: tx.cuenta_usd_id ?? '',
  };
}

/** The next draft after `previous`, for `tx`. */
export function nextRepeatDraft(previous: RepeatDraft | null, tx: TransactionRow): RepeatDraft {
  return { n: (previous?.n ?? 0) + 1, values: repeatValues(tx) };
}
