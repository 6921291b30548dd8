/**
 * A row's accounts in words, for the day's list (docs/product.md#cuentas-y-movimientos). Apart from
 * cuenta-choice.ts so the dashboard's own chunk takes only these lines: the form's choice and
 * options go with the form's lazy chunk (docs/decisions/0019-dashboard-first-paint.md).
 */
/** "Bs Banesco · USD Binance" for a row's accounts (names known from the day's answer), '' when none. */
export function rowCuentasText(
  row: { cuenta_ves_id?: string | undefined; cuenta_usd_id?: string | undefined },
  names: ReadonlyMap<string, string>,
): string {
  const parts: string[] = [];
  if (row.cuenta_ves_id) parts.push(`Bs ${names.get(row.cuenta_ves_id) ?? 'cuenta archivada'}`);
  if (row.cuenta_usd_id) parts.push(`USD ${names.get(row.cuenta_usd_id) ?? 'cuenta archivada'}`);
  return parts.join(' · ');
}
