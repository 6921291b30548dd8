import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { takePrefetched } from '../../../shared/query/prefetched';
import { balancesUrl, fetchBalances, type BalancesAnswer } from './fetch-balances';

/** ['balances', ledgerId, fecha]; invalidate ['balances', ledgerId] to reload every day of a ledger. */
export const balancesQueryKey = (ledgerId: string, fecha?: string) =>
  (fecha ? ['balances', ledgerId, fecha] : ['balances', ledgerId]) as readonly string[];

export const balancesQueryOptions = (ledgerId: string, fecha: string) =>
  queryOptions({
    queryKey: balancesQueryKey(ledgerId, fecha),
    // The answer the entry module may have asked for already (app/early-dashboard.ts), else the server.
    queryFn: ({ signal }) => takePrefetched<BalancesAnswer>(balancesUrl(ledgerId, fecha)) ?? fetchBalances(ledgerId, fecha, signal),
    // Figures change with every action of any member: always ask the server (it answers no-store).
    staleTime: 0,
  });

export function useBalances(ledgerId: string | undefined, fecha: string) {
  return useQuery({
    ...balancesQueryOptions(ledgerId ?? '', fecha),
    enabled: Boolean(ledgerId),
    // While another day or ledger loads, keep showing the previous figures instead of a blank screen.
    placeholderData: keepPreviousData,
  });
}
