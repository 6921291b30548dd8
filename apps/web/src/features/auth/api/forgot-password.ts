import { useMutation } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const forgotPassword = (email: string) =>
  api<{ message: string }>('/api/auth/forgot-password', messages.requestError, { method: 'POST', body: { email }, auth: false });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
