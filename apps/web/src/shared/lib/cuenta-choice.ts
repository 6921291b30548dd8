import type { CuentaSaldoJson } from '@arb/shared';

/**
 * The "Cuenta Bs" / "Cuenta USD" choice of the new-transaction form (docs/product.md#cuentas-y-movimientos):
 * remembered per ledger in this browser, so the next operation goes to the same accounts. '' is
 * Sin asignar. A remembered account that was archived or deleted meanwhile reads as ''.
 */
export interface CuentaChoice {
  ves: string;
  usd: string;
}

export type CuentaOption = Pick<CuentaSaldoJson, 'id' | 'nombre' | 'moneda' | 'archivada'>;

const key = (ledgerId: string) => `arb:cuentas:${ledgerId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (private mode, a policy): the form simply starts at Sin asignar.
    return null;
  }
}

/** The remembered choice, kept only where it still names an active account of its currency. */
export function readCuentaChoice(ledgerId: string, cuentas: readonly CuentaOption[]): CuentaChoice {
  let stored: Partial<CuentaChoice> = {};
  try {
    stored = JSON.parse(storage()?.getItem(key(ledgerId)) ?? '{}') as Partial<CuentaChoice>;
  } catch {
    stored = {};
  }
  const active = (id: unknown, moneda: 'VES' | 'USD') =>
    typeof id === 'string' && cuentas.some((c) => c.id === id && c.moneda === moneda && !c.archivada) ? id : '';
  return { ves: active(stored.ves, 'VES'), usd: active(stored.usd, 'USD') };
}

export function saveCuentaChoice(ledgerId: string, choice: CuentaChoice): void {
  try {
    storage()?.setItem(key(ledgerId), JSON.stringify(choice));
  } catch {
    // Full or blocked storage: the choice is not remembered, nothing else changes.
  }
}

/**
 * A select's options: Sin asignar first, then the active accounts of the currency by name; `keep`
 * (an edit's current account) stays offered even when archived — DESIGN §28 lets an edit keep it.
 */
export function cuentaOptions(cuentas: readonly CuentaOption[], moneda: 'VES' | 'USD', keep?: string | null) {
  const list = cuentas
    .filter((c) => c.moneda === moneda && (!c.archivada || c.id === keep))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'))
    .map((c) => ({ value: c.id, label: c.archivada ? `${c.nombre} (archivada)` : c.nombre }));
  return [{ value: '', label: 'Sin asignar' }, ...list];
}

/** The body fields of a create or an edit: null = Sin asignar. */
export function cuentaRefs(choice: { cuentaVesId?: string | undefined; cuentaUsdId?: string | undefined }) {
  return { cuenta_ves_id: choice.cuentaVesId || null, cuenta_usd_id: choice.cuentaUsdId || null };
}
