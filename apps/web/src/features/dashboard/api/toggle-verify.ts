import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';
import type { TransactionRow } from './types';

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
    onSettled: (_d, _e, { ledgerId }) => queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
  });
}
