import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { membershipKeys } from './get-my-membership';

export function useDeleteProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/membership/payment-proofs/${id}`, messages.proofDeleteError, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
  });
}
