import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type PaymentProof } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { adminKeys } from './get-users';

export const userProofsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.proofs(userId),
    queryFn: async () =>
      (await api<{ paymentProofs: PaymentProof[] }>(`/api/admin/users/${userId}/payment-proofs`, messages.loadUserProofsError))
        .paymentProofs,
  });

export const useUserProofs = (userId: string | undefined) => useQuery({ ...userProofsQuery(userId ?? ''), enabled: Boolean(userId) });
