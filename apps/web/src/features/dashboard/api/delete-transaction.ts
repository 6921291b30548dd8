import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';
import { ledgersQueryKey } from './get-ledgers';

export interface DeleteTransactionVars {
  ledgerId: string;
  id: string;
}

export function deleteTransaction({ id }: DeleteTransactionVars) {
  return api<void>(`/api/transactions/${id}`, messages.txDeleteError, { method: 'DELETE' });
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSettled: async (_d, _e, { ledgerId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
        queryClient.invalidateQueries({ queryKey: ledgersQueryKey }),
      ]);
    },
  });
}
