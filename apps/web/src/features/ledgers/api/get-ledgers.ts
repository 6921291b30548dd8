import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ledger } from '@arb/shared';
import { takePrefetched } from '../../../shared/query/prefetched';
import { fetchLedgers, LEDGERS_URL } from './fetch-ledgers';
import { ledgerKeys } from './keys';

export const ledgersQueryOptions = () =>
  queryOptions({
    queryKey: ledgerKeys.list(),
    // The answer the entry module may have asked for already (app/early-dashboard.ts), else the server.
    queryFn: ({ signal }) => takePrefetched<Ledger[]>(LEDGERS_URL) ?? fetchLedgers(signal),
  });

/** The ledgers the signed-in user belongs to (owner first member, `inviteCode` only when owner). */
export function useLedgers() {
  return useQuery(ledgersQueryOptions());
}
