import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messages, type PositionResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';

/**
 * GET /api/ledgers/:id/position at the end of `fecha` (docs/product.md#profit-method-and-position). Keyed under the ledger's
 * balances, so everything that reloads a ledger's balances (a change, a realtime event) reloads it too.
 */
export function usePosition(ledgerId: string | undefined, fecha: string, enabled = true) {
  return useQuery({
    queryKey: [...balancesQueryKey(ledgerId ?? '', fecha), 'position'],
    queryFn: ({ signal }) =>
      api<PositionResponse>(
        `/api/ledgers/${encodeURIComponent(ledgerId ?? '')}/position?fecha=${encodeURIComponent(fecha)}`,
        messages.positionError,
        {
          signal,
        },
      ),
    enabled: enabled && Boolean(ledgerId),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
