import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type AdminUser, type Role } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { userListChange } from './get-users';

/** The PATCH rows of docs/api.md for one user: activation, role, email and membership end. */
export type UserChange =
  | { kind: 'active'; active: boolean }
  | { kind: 'role'; role: Role }
  | { kind: 'email'; email: string }
  /** An ISO instant, or null to remove the membership. */
  | { kind: 'membership'; membershipEnd: string | null };

const request = (userId: string, change: UserChange) => {
  switch (change.kind) {
    case 'active':
      return api<{ user: AdminUser }>(`/api/admin/users/${userId}/${change.active ? 'activate' : 'deactivate'}`, messages.activateError, {
        method: 'PATCH',
      });
    case 'role':
      return api<{ user: AdminUser }>(`/api/admin/users/${userId}/role`, messages.roleError, {
        method: 'PATCH',
        body: { role: change.role },
      });
    case 'email':
      return api<{ user: AdminUser }>(`/api/admin/users/${userId}/email`, messages.emailUpdateError, {
        method: 'PATCH',
        body: { email: change.email },
      });
    case 'membership':
      return api<{ user: AdminUser }>(`/api/admin/users/${userId}/membership`, messages.membershipUpdateError, {
        method: 'PATCH',
        body: { membership_end: change.membershipEnd },
      });
  }
};

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: UserChange }) => request(userId, change),
    ...userListChange(queryClient),
  });
}
