import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { userListChange } from './get-users';

/** DELETE /api/admin/users/:id; on success the list reloads (docs/api.md#calls). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`/api/admin/users/${userId}`, messages.deleteUserError, { method: 'DELETE' }),
    ...userListChange(queryClient),
  });
}
