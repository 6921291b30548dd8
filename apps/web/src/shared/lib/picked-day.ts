/**
 * Router state of a link that opens the dashboard on a day the user picked in the app (the
 * ledger history's list of days). The dashboard asks "¿Quieres crear el registro de hoy?" only
 * when a past day came from elsewhere, an old link or a stale tab, never right after the user
 * chose it (issue 25, docs/product.md#screens).
 */
export const PICKED_DAY_STATE = { pickedDay: true } as const;

export function isPickedDay(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { pickedDay?: unknown }).pickedDay === true;
}
