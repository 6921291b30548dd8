import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type TransactionInput } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';
import type { TransactionRow } from './types';

export interface UpdateTransactionVars {
  ledgerId: string;
  id: string;
  /** With the accounts where the ledger has some (docs/product.md#cuentas-y-movimientos). */
  input: TransactionInput & { cuenta_ves_id?: string | null; cuenta_usd_id?: string | null };
  /** The version the user edited; a stale one answers 409 (docs/product.md#reliability-rules). */
  version: number;
}

export function updateTransaction({ id, input, version }: UpdateTransactionVars) {
  return api<{ transaction: TransactionRow }>(`/api/transactions/${id}`, messages.txEditError, {
    method: 'PUT',
    body: { ...input, version },
  });
}

export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransaction,
    // Also after a 409: the list must show what the other user saved.
    onSettled: (_d, _e, { ledgerId }) => queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
  });
}
