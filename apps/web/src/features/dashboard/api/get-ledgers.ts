import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import type { Ledger } from './types';

/** Every feature that changes a ledger invalidates this key. */
export const ledgersQueryKey = ['ledgers'] as const;

export const ledgersQueryOptions = () =>
  queryOptions({
    queryKey: ledgersQueryKey,
    queryFn: ({ signal }) => api<Ledger[]>('/api/ledgers', messages.loadLedgersError, { signal }),
  });

export function useLedgers() {
  return useQuery(ledgersQueryOptions());
}
