import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type Ledger } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const renameLedger = ({ ledgerId, name }: { ledgerId: string; name: string }) =>
  api<{ ledger: Ledger }>(`/api/ledgers/${ledgerId}/name`, messages.ledgerRenameError, { method: 'PUT', body: { name } }).then(
    (r) => r.ledger,
  );

export function useRenameLedger() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: renameLedger, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }) });
}
