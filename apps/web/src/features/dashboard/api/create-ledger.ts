import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgersQueryKey } from './get-ledgers';
import type { Ledger } from './types';

export function createLedger(name: string): Promise<{ ledger: Ledger }> {
  return api<{ ledger: Ledger }>('/api/ledgers', messages.createLedgerError, { method: 'POST', body: { name } });
}

export function useCreateLedger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLedger,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ledgersQueryKey }),
  });
}
