/**
 * The ledger history page's own texts (as features/cuentas/cuentas-texts.ts keeps the Cuentas
 * page's): kept out of the shared `messages`, which the /login and dashboard entry carries. Only
 * the history chunk imports them. Read by key; ht() fills `{name}`.
 */
export const historyTexts = {
  // Activity sentences of accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos),
  // worded as the Telegram notice of the same change says it.
  activityMovCreated: '{user} registró {mov} del {fecha}',
  activityMovUpdated: '{user} editó {mov} del {fecha}',
  activityMovDeleted: '{user} eliminó {mov} del {fecha}',
  activityMov_transferencia: 'una transferencia de {monto}',
  activityMov_aporte: 'un aporte de {monto}',
  activityMov_retiro: 'un retiro de {monto}',
  activityMov_ajuste: 'un ajuste de {monto}',
  activityMovNoAmount_transferencia: 'una transferencia',
  activityMovNoAmount_aporte: 'un aporte',
  activityMovNoAmount_retiro: 'un retiro',
  activityMovNoAmount_ajuste: 'un ajuste',
  activityCuentaCreated: '{user} creó la cuenta {cuenta}',
  activityCuentaUpdated: '{user} modificó la cuenta {cuenta}',
  activityCuentaArchived: '{user} archivó la cuenta {cuenta}',
  activityCuentaUnarchived: '{user} reactivó la cuenta {cuenta}',
  activityCuentaDeleted: '{user} eliminó la cuenta {cuenta}',
  activityCuadre: '{user} cuadró la cuenta {cuenta} al {fecha}',
  activityCuadreUnnamed: '{user} cuadró una cuenta al {fecha}',
  activityFieldDesde: 'desde',
  activityFieldHacia: 'hacia',
  activityFieldSocio: 'socio',
  activityFieldMonto: 'monto',
  activityFieldComision: 'comisión',
  activityFieldTasa: 'tasa',
  activityFieldTitular: 'titular',
  activityFieldTipo: 'tipo',
  activityFieldMoneda: 'moneda',
  activityFieldCuentaVes: 'cuenta Bs',
  activityFieldCuentaUsd: 'cuenta USD',
  activityFieldSaldoReal: 'saldo real',
  activityFieldDiferencia: 'diferencia',
  /** An account the page no longer lists (deleted): named by what the log cannot know. */
  activityCuentaDesconocida: 'otra cuenta',
  activitySocioDesconocido: 'otro socio',
  // A day of "Fechas con transacciones" with movements (docs/product.md#cuentas-y-movimientos: /dates lists them).
  datesMovCount: '{count} movimientos',
  datesMovCountOne: '1 movimiento',
  // "Ganancia realizada por día" in a ledger whose profit method is por operación (docs/product.md#profit-method-and-position).
  pnlCostoPromedioNote:
    'Este registro calcula su ganancia por operación; estas tablas la calculan a costo promedio, como referencia, por eso sus cifras pueden no coincidir con la ganancia diaria.',
  // "Buscar operaciones": one hit is said in the singular (its plural is messages.searchCount).
  searchCountOne: '1 operación',
} as const;

export type HistoryTextKey = keyof typeof historyTexts;

/** Fills `{name}` placeholders, as `t` does for `messages`. */
export function ht(key: HistoryTextKey, params?: Record<string, string | number>): string {
  let text: string = historyTexts[key];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
