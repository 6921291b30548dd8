import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type Ledger } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const joinLedger = (inviteCode: string) =>
  api<{ ledger: Ledger }>('/api/ledgers/join', messages.joinError, { method: 'POST', body: { inviteCode } }).then((r) => r.ledger);

export function useJoinLedger() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: joinLedger, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }) });
}
