/**
 * Spanish texts of Socios added after the page first shipped (decision 0059), read by key like
 * `messages`. A dictionary of its own, as reportes-messages.ts, so they stay out of the dashboard's
 * and /login's entry bundle: only the server and the Socios chunk import it.
 */
export const sociosMessages = {
  // The owner's own delete of a ledger partners keep money in (DESIGN §28 "Former partners").
  ledgerConSociosPropio:
    'El registro tiene otros miembros y cuentas o movimientos: transfiere primero la propiedad a otro miembro y sal del registro, en lugar de eliminarlo',
  // "Deshacer" of a capital registration (docs/product.md#undo).
  capitalInicialDeshacerCerrado:
    'El capital inicial se usó en el período liquidado {desde} – {hasta}: reábrelo antes de deshacer el registro',
  capitalInicialDeshacerCambio:
    'No se puede deshacer: los aportes del capital inicial o el saldo base del {fecha} cambiaron después del registro; corrígelos a mano',
  capitalInicialDeshecho: 'Registro del capital inicial deshecho',
  // A currency that opened below zero (decision 0059).
  capitalInicialNegativo:
    'Un saldo negativo (una deuda) se reparte con montos negativos: cada uno se registra como un retiro del socio que asume esa parte.',
  // The closing question when the period ends today (decision 0065): today's later trades are refused.
  cerrarIncluyeHoy:
    'El período termina hoy: después de cerrarlo no se podrá registrar nada más con fecha de hoy. Para seguir operando hoy, cierra hasta ayer.',
} as const;

export type SociosMessageKey = keyof typeof sociosMessages;

/** Fills `{name}` placeholders, as `t` does for `messages`: tsocios('capitalInicialDeshacerCerrado', { desde, hasta }). */
export function tsocios(key: SociosMessageKey, params?: Record<string, string | number>): string {
  let text: string = sociosMessages[key];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
