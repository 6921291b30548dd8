import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';

export interface SetDailyBalanceVars {
  ledgerId: string;
  fecha: string;
  saldo_base_ves: string | number;
  saldo_base_usd: string | number;
  /** 'Error actualizando saldo base VES' or '… USD', depending on the dialog. */
  fallback: string;
}

export interface DailyBalance {
  saldo_base_ves: number;
  saldo_base_usd: number;
  fecha: string;
  heredado: boolean;
}

export function setDailyBalance({ ledgerId, fecha, saldo_base_ves, saldo_base_usd, fallback }: SetDailyBalanceVars) {
  return api<DailyBalance>(`/api/daily-balances/${ledgerId}`, fallback, {
    method: 'PUT',
    body: { saldo_base_ves, saldo_base_usd, fecha },
  });
}

export function useSetDailyBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDailyBalance,
    // A day's base flows into later days (DESIGN §2): reload every cached day of the ledger.
    onSuccess: (_d, { ledgerId }) => queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
  });
}
