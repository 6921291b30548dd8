import { useMutation } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const resendVerification = (email: string) =>
  api<{ message: string }>('/api/auth/resend-verification', messages.resendError, { method: 'POST', body: { email }, auth: false });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
