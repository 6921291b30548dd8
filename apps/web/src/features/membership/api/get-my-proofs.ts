import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type PaymentProof } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { membershipKeys } from './get-my-membership';

export const myProofsQuery = () =>
  queryOptions({
    queryKey: membershipKeys.proofs(),
    queryFn: () => api<PaymentProof[]>('/api/membership/my-payment-proofs', messages.proofsLoadError),
    // Image links are signed for an hour: refresh them well before they stop working.
    refetchInterval: 30 * 60_000,
  });

export const useMyProofs = () => useQuery(myProofsQuery());
