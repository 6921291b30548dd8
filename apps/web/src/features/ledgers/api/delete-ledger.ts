import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const deleteLedger = (ledgerId: string) => api<void>(`/api/ledgers/${ledgerId}`, messages.deleteLedgerError, { method: 'DELETE' });

export function useDeleteLedger() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteLedger, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }) });
}
