import { useMutation } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const verifyEmail = (token: string) =>
  // Success only: the server never answers the profile to a link's holder (issue 36).
  api<{ message: string }>('/api/auth/verify-email', messages.verifyError, {
    method: 'POST',
    body: { token },
    auth: false,
  });

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
