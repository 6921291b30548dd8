import { useMutation } from '@tanstack/react-query';
import { messages, type SessionUser } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const verifyEmail = (token: string) =>
  api<{ message: string; user: SessionUser }>('/api/auth/verify-email', messages.verifyError, {
    method: 'POST',
    body: { token },
    auth: false,
  });

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
