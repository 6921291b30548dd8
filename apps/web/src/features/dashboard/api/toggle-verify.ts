import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';
import type { Balances, TransactionRow } from './types';

export interface ToggleVerifyVars {
  ledgerId: string;
  id: string;
  esta_verificada: boolean;
}

export function toggleVerify({ id, esta_verificada }: ToggleVerifyVars) {
  return api<{ transaction: TransactionRow }>(`/api/transactions/${id}/toggle-verify`, messages.txVerifyError, {
    method: 'PATCH',
    body: { esta_verificada },
  });
}

export function useToggleVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleVerify,
    // The checkbox follows the click at once; the figures come with the reload that follows.
    onMutate: async ({ ledgerId, id, esta_verificada }) => {
      await queryClient.cancelQueries({ queryKey: balancesQueryKey(ledgerId) });
      // Only the day answers under this prefix: the position card's query is keyed below the
      // balances too (so it reloads with them), and has no rows to mark.
      queryClient.setQueriesData<Balances>({ queryKey: balancesQueryKey(ledgerId) }, (old) =>
        old && Array.isArray(old.transacciones_con_acumulados)
          ? {
              ...old,
              transacciones_con_acumulados: old.transacciones_con_acumulados.map((tx) => (tx.id === id ? { ...tx, esta_verificada } : tx)),
            }
          : old,
      );
    },
    onSettled: (_d, _e, { ledgerId }) => queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
  });
}
