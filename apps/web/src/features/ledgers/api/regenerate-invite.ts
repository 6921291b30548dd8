import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type LedgerInvite } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const regenerateInvite = (ledgerId: string) =>
  api<LedgerInvite>(`/api/ledgers/${ledgerId}/invite/regenerate`, messages.inviteRegenerateError, { method: 'POST' });

/** A new code: the old link stops working. */
export function useRegenerateInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: regenerateInvite,
    onSuccess: (invite, ledgerId) => {
      qc.setQueryData(ledgerKeys.invite(ledgerId), invite);
      return qc.invalidateQueries({ queryKey: ledgerKeys.list() });
    },
  });
}
