import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type LedgerInvite } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const inviteQueryOptions = (ledgerId: string) =>
  queryOptions({
    queryKey: ledgerKeys.invite(ledgerId),
    queryFn: ({ signal }) => api<LedgerInvite>(`/api/ledgers/${ledgerId}/invite`, messages.inviteError, { signal }),
    retry: false,
  });

/** The owner's invite link; only fetched while `enabled` (the owner has the dialog open). */
export function useInvite(ledgerId: string, enabled = true) {
  return useQuery({ ...inviteQueryOptions(ledgerId), enabled });
}
