import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type MembershipInfo } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const membershipKeys = {
  all: ['membership'] as const,
  me: () => [...membershipKeys.all, 'me'] as const,
  proofs: () => [...membershipKeys.all, 'proofs'] as const,
};

export const myMembershipQuery = () =>
  queryOptions({
    queryKey: membershipKeys.me(),
    queryFn: () => api<MembershipInfo>('/api/membership/my-membership', messages.membershipLoadError),
  });

export const useMyMembership = () => useQuery(myMembershipQuery());
