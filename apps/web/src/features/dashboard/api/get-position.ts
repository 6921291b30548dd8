import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type PositionResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';

/**
 * GET /api/ledgers/:id/position at the end of `fecha` (docs/product.md#profit-method-and-position). Keyed under the ledger's
 * balances, so everything that reloads a ledger's balances (a change, a realtime event) reloads it too.
 */
export const positionQueryOptions = (ledgerId: string, fecha: string) =>
  queryOptions({
    queryKey: [...balancesQueryKey(ledgerId, fecha), 'position'],
    queryFn: ({ signal }) =>
      api<PositionResponse>(
        `/api/ledgers/${encodeURIComponent(ledgerId)}/position?fecha=${encodeURIComponent(fecha)}`,
        messages.positionError,
        { signal },
      ),
    // Asked again whenever it is drawn anew, but not by the card the dashboard draws right after
    // asking for it (`useAfterPaint`'s `before`, decision 0026): a change or realtime event marks
    // it stale whatever this says.
    staleTime: 2_000,
  });

export function usePosition(ledgerId: string | undefined, fecha: string, enabled = true) {
  return useQuery({
    ...positionQueryOptions(ledgerId ?? '', fecha),
    enabled: enabled && Boolean(ledgerId),
    placeholderData: keepPreviousData,
  });
}
