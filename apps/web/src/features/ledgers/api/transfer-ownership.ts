import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type Ledger } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

/** PUT /api/ledgers/:id/owner (docs/product.md#socios-y-liquidacion "Former partners"): hands the ledger to a member. */
export const transferOwnership = ({ ledgerId, userId }: { ledgerId: string; userId: string }) =>
  api<{ ledger: Ledger }>(`/api/ledgers/${ledgerId}/owner`, messages.transferOwnershipError, { method: 'PUT', body: { userId } }).then(
    (r) => r.ledger,
  );

export function useTransferOwnership() {
  const qc = useQueryClient();
  // The whole ledger list: who owns it decides what every screen offers (the invite link, settings, closing periods).
  return useMutation({ mutationFn: transferOwnership, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }) });
}
