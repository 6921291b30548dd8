import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';

export interface SetDailyBalanceVars {
  ledgerId: string;
  fecha: string;
  /** docs/product.md#balances-of-a-day: only the currency being edited is sent; null returns it to inherited. */
  saldo_base_ves?: string | null;
  saldo_base_usd?: string | null;
  /** 'Error actualizando saldo base VES' or '… USD', depending on the dialog. */
  fallback: string;
}

export interface DailyBalance {
  saldo_base_ves: number;
  saldo_base_usd: number;
  fecha: string;
  heredado: boolean;
  heredado_ves: boolean;
  heredado_usd: boolean;
}

export function setDailyBalance({ ledgerId, fecha, saldo_base_ves, saldo_base_usd, fallback }: SetDailyBalanceVars) {
  return api<DailyBalance>(`/api/daily-balances/${ledgerId}`, fallback, {
    method: 'PUT',
    // An omitted currency keeps its state on the server (an inherited one keeps flowing).
    body: {
      fecha,
      ...(saldo_base_ves !== undefined && { saldo_base_ves }),
      ...(saldo_base_usd !== undefined && { saldo_base_usd }),
    },
  });
}

export function useSetDailyBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDailyBalance,
    // A day's base flows into later days (docs/product.md#money): reload every cached day of the ledger.
    onSuccess: (_d, { ledgerId }) => queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
  });
}
