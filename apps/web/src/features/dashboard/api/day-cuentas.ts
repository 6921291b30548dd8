import { useQuery } from '@tanstack/react-query';
import type { CuentaOption } from '../../../shared/lib/cuenta-choice';
import { balancesQueryOptions } from './get-balances';
import type { BalancesAnswer } from './fetch-balances';

const NONE: readonly CuentaOption[] = Object.freeze([]);

function pick(d: BalancesAnswer): readonly CuentaOption[] {
  if (!d.cuentas || d.cuentas.length === 0) return NONE;
  return d.cuentas.map(({ id, nombre, moneda, archivada }) => ({ id, nombre, moneda, archivada }));
}

/**
 * The ledger's accounts as the day's answer lists them (docs/product.md#cuentas-y-movimientos), for
 * the form's "Cuenta Bs" / "Cuenta USD": no request of its own (the dashboard already asks for the
 * day), and the select's structural sharing keeps the same list while the accounts do not change,
 * so a new answer does not redraw the form (docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
 * Empty for a ledger without accounts: the form then shows no selects.
 */
export function useDayCuentas(ledgerId: string, fecha: string): readonly CuentaOption[] {
  const q = useQuery({ ...balancesQueryOptions(ledgerId, fecha), enabled: false, select: pick });
  return q.data ?? NONE;
}

const usesCuentas = (d: BalancesAnswer) => d.cuentas !== undefined;

/**
 * Whether the ledger uses accounts: its day's answer carries `cuentas` once it has an account or a
 * movement — the server's own test for what a reset does (docs/product.md "Resets"). Read from the
 * day's answer already asked for, as useDayCuentas does.
 */
export function useUsesCuentas(ledgerId: string, fecha: string): boolean {
  return useQuery({ ...balancesQueryOptions(ledgerId, fecha), enabled: false, select: usesCuentas }).data ?? false;
}
