import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { userListChange } from './get-users';

/** DELETE /api/admin/users/:id/2fa (docs/product.md#account-security: lost phone and recovery codes); the list reloads. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`/api/admin/users/${userId}/2fa`, messages.adminReset2faError, { method: 'DELETE' }),
    ...userListChange(queryClient),
  });
}
