import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ledger } from '@arb/shared';
import { settledInitialData, takePrefetched } from '../../../shared/query/prefetched';
import { fetchLedgers, LEDGERS_URL } from './fetch-ledgers';
import { ledgerKeys } from './keys';

export const ledgersQueryOptions = () =>
  queryOptions({
    queryKey: ledgerKeys.list(),
    // The answer the entry module may have asked for already (app/early-dashboard.ts), else the server.
    queryFn: ({ signal }) => takePrefetched<Ledger[]>(LEDGERS_URL) ?? fetchLedgers(signal),
  });

/**
 * The ledgers the signed-in user belongs to (owner first member, `inviteCode` only when owner).
 * When the entry module's answer has already arrived, it is the query's data from the first render
 * (fresh for the cache's staleTime from when it arrived; shared/query/prefetched.ts `takeSettled`).
 */
export function useLedgers() {
  return useQuery({ ...ledgersQueryOptions(), ...settledInitialData<Ledger[]>(LEDGERS_URL) });
}
