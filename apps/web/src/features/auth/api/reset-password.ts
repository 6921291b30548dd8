import { useMutation } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const resetPassword = (input: { token: string; newPassword: string }) =>
  api<{ message: string }>('/api/auth/reset-password', messages.resetError, { method: 'POST', body: input, auth: false });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
