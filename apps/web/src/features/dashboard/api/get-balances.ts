import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import type { Balances } from './types';

/** ['balances', ledgerId, fecha]; invalidate ['balances', ledgerId] to reload every day of a ledger. */
export const balancesQueryKey = (ledgerId: string, fecha?: string) =>
  (fecha ? ['balances', ledgerId, fecha] : ['balances', ledgerId]) as readonly string[];

export const balancesQueryOptions = (ledgerId: string, fecha: string) =>
  queryOptions({
    queryKey: balancesQueryKey(ledgerId, fecha),
    queryFn: async ({ signal }): Promise<Balances & { leidoEn?: number }> => {
      const res = await api<Response>(
        `/api/transactions/balances?ledgerId=${encodeURIComponent(ledgerId)}&fecha=${encodeURIComponent(fecha)}`,
        messages.txLoadError,
        { signal, raw: true },
      );
      // When the server answered: offline, the service worker serves its last answer, and the
      // banner says how old it is (docs/product.md#working-offline 'datos de las HH:MM').
      const date = Date.parse(res.headers.get('date') ?? '');
      return { ...((await res.json()) as Balances), leidoEn: Number.isNaN(date) ? Date.now() : date };
    },
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
