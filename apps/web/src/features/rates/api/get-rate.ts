import { queryOptions, useQuery } from '@tanstack/react-query';
import { RATES_REFRESH_MS, messages, type RateAnswer, type RatePanel } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

export const rateQueryKey = (panel: RatePanel) => ['rates', panel] as const;

/**
 * One rate (`GET /api/rates/{panel}`). Refetched every 5 minutes, but only while the page is
 * visible: a hidden tab does not poll (packages/shared/src/constants.ts, docs/product.md#rates-and-export).
 */
export const rateQueryOptions = (panel: RatePanel) =>
  queryOptions({
    queryKey: rateQueryKey(panel),
    queryFn: ({ signal }) => api<RateAnswer>(`/api/rates/${panel}`, messages.ratesUnavailable, { signal }),
    staleTime: RATES_REFRESH_MS,
    refetchInterval: RATES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export const useRate = (panel: RatePanel) => useQuery(rateQueryOptions(panel));
