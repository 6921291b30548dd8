/**
 * The Cuentas page's own texts (decision 0060): kept out of the shared `messages`, which the
 * /login and dashboard entry carries, as packages/shared/src/reportes/reportes-messages.ts keeps
 * the Reportes page's. Only the web's Cuentas chunk imports them. Read by key; ct() fills `{name}`.
 */
export const cuentasTexts = {
  // The account filter of the month's movements (docs/product.md#cuentas-y-movimientos); its
  // label and "Todas" are messages.movCuenta and messages.searchTodas.
  /** A shared address naming an account the page does not list (archived at zero, or not of this ledger). */
  filtroNoListada: 'Cuenta no listada',
  movimientosCuentaEmpty: 'No hay movimientos de esta cuenta este mes',
  saldoCierre: 'Saldo al cierre del {fecha}:',
} as const;

export type CuentasTextKey = keyof typeof cuentasTexts;

/** Fills `{name}` placeholders, as `t` does for `messages`. */
export function ct(key: CuentasTextKey, params?: Record<string, string | number>): string {
  let text: string = cuentasTexts[key];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
