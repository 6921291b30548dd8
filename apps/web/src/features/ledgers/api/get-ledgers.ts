import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type Ledger } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const ledgersQueryOptions = () =>
  queryOptions({
    queryKey: ledgerKeys.list(),
    queryFn: ({ signal }) => api<Ledger[]>('/api/ledgers', messages.loadLedgersError, { signal }),
  });

/** The ledgers the signed-in user belongs to (owner first member, `inviteCode` only when owner). */
export function useLedgers() {
  return useQuery(ledgersQueryOptions());
}
