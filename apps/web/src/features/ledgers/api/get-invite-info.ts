import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type InviteInfo } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const inviteInfoQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ledgerKeys.inviteInfo(code),
    queryFn: ({ signal }) => api<InviteInfo>(`/api/ledgers/invite-info/${encodeURIComponent(code)}`, messages.inviteInfoError, { signal }),
    retry: false,
  });

export function useInviteInfo(code: string, enabled = true) {
  return useQuery({ ...inviteInfoQueryOptions(code), enabled });
}
