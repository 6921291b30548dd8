import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { messages, type AdminUsersPage } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersPage: (params: UsersParams) => [...adminKeys.users(), params] as const,
  transactions: (userId: string) => [...adminKeys.all, 'transactions', userId] as const,
  proofs: (userId: string) => [...adminKeys.all, 'proofs', userId] as const,
};

export interface UsersParams {
  search: string;
  /** A column of ADMIN_USER_SORTS, '-' first for descending. */
  sort: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/users, paged on the server so 10,000 users stay quick. */
export const usersQuery = (params: UsersParams) =>
  queryOptions({
    queryKey: adminKeys.usersPage(params),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ sort: params.sort, page: String(params.page), pageSize: String(params.pageSize) });
      if (params.search.trim()) q.set('search', params.search.trim());
      return api<AdminUsersPage>(`/api/admin/users?${q}`, messages.loadUsersError, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersParams) => useQuery(usersQuery(params));

/**
 * For the admin's changes: a list read already on its way when the change is sent (a new search
 * page has no data yet, so invalidating it would reuse that read) would show the user as before.
 * Cancel those reads first; the invalidation after the change then reads afresh.
 */
export const userListChange = (queryClient: QueryClient) => ({
  onMutate: () => queryClient.cancelQueries({ queryKey: adminKeys.users() }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
});
