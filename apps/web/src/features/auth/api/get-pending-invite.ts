import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type InviteInfo } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/** The ledger a signed-out invitee was invited to; invite-info is public (docs/api.md). */
export const pendingInviteQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['pending-invite', code] as const,
    queryFn: ({ signal }) =>
      api<InviteInfo>(`/api/ledgers/invite-info/${encodeURIComponent(code)}`, messages.inviteInfoError, { signal, auth: false }),
    retry: false,
    staleTime: Infinity,
  });

export function usePendingInviteInfo(code: string | null) {
  return useQuery({ ...pendingInviteQueryOptions(code ?? ''), enabled: Boolean(code) });
}
