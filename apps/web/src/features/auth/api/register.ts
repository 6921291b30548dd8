import { useMutation } from '@tanstack/react-query';
import { messages, type RegisterInput } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const registerUser = (input: RegisterInput) =>
  api<{ message?: string }>('/api/auth/register', messages.registerError, { method: 'POST', body: input, auth: false });

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
