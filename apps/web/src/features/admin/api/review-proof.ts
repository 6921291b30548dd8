import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { adminKeys } from './get-users';

export type Review = { proofId: string; action: 'approve'; days?: number } | { proofId: string; action: 'reject'; reason?: string };

/** Approve (extends the membership) or reject (with an optional reason the member sees). */
export function useReviewProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Review) =>
      api(`/api/admin/payment-proofs/${review.proofId}/${review.action}`, messages.proofReviewError, {
        method: 'POST',
        body: review.action === 'approve' ? (review.days ? { days: review.days } : {}) : { reason: review.reason ?? null },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
