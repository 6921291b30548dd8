import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const leaveLedger = (ledgerId: string) => api<void>(`/api/ledgers/${ledgerId}/leave`, messages.leaveError, { method: 'DELETE' });

export function useLeaveLedger() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: leaveLedger, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }) });
}
