import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type PaymentProof } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { membershipKeys } from './get-my-membership';

/** POST /api/membership/payment-proofs as multipart: `image` and an optional `note`. */
export function useAddProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, note }: { file: File; note: string }) => {
      const form = new FormData();
      if (note.trim()) form.append('note', note.trim());
      form.append('image', file);
      return api<{ paymentProof: PaymentProof }>('/api/membership/payment-proofs', messages.proofAddError, { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
  });
}
