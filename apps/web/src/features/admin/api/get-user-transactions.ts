import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type AdminTransaction } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { adminKeys } from './get-users';

export const userTransactionsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.transactions(userId),
    queryFn: () => api<AdminTransaction[]>(`/api/admin/users/${userId}/transactions`, messages.loadUserTransactionsError),
  });

export const useUserTransactions = (userId: string | undefined) =>
  useQuery({ ...userTransactionsQuery(userId ?? ''), enabled: Boolean(userId) });
