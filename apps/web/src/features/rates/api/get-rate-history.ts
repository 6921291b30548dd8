import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type RateHistoryResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/**
 * The rate of each day of a range (`GET /api/rates/history?desde&hasta`, DESIGN §24): BCV and
 * parallel, every calendar day, null before a value is known. For the history's and the Reportes'
 * rate charts; a day's past rates do not change often, so they are kept a while.
 */
export const rateHistoryQueryOptions = (desde: string, hasta: string) =>
  queryOptions({
    queryKey: ['rates', 'history', desde, hasta] as const,
    queryFn: ({ signal }) =>
      api<RateHistoryResponse>(
        `/api/rates/history?desde=${encodeURIComponent(desde)}&hasta=${encodeURIComponent(hasta)}`,
        messages.rateHistoryLoadError,
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

export const useRateHistory = (desde: string, hasta: string) => useQuery(rateHistoryQueryOptions(desde, hasta));
