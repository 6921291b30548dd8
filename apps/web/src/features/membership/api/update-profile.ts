import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type ProfileInput, type SessionUser } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { useAuth } from '../../../shared/auth/auth-context';
import { membershipKeys } from './get-my-membership';

/** PUT /api/membership/profile; the answer's user is merged into the session (docs/api.md#calls). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      api<{ user: SessionUser }>('/api/membership/profile', messages.profileError, { method: 'PUT', body: input }),
    onSuccess: ({ user }) => {
      updateUser(user);
      return queryClient.invalidateQueries({ queryKey: membershipKeys.me() });
    },
  });
}
