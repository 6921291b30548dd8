import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportesMessages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/**
 * DESIGN §24's contract: `GET /api/rates/history?desde&hasta` → every calendar day of the range,
 * null where a rate is missing. Typed here until the market work puts the answer's type in
 * packages/shared.
 */
export interface RatesHistory {
  dias: Array<{ fecha: string; oficial: number | null; paralelo: number | null }>;
}

export const ratesHistoryQueryOptions = (desde: string, hasta: string) =>
  queryOptions({
    queryKey: ['rates-history', desde, hasta] as const,
    queryFn: ({ signal }) =>
      api<RatesHistory>(
        `/api/rates/history?desde=${encodeURIComponent(desde)}&hasta=${encodeURIComponent(hasta)}`,
        reportesMessages.reportesErrorTasas,
        {
          signal,
        },
      ),
    // A missing endpoint or a failure is shown as such, not retried three times.
    retry: false,
  });

export const useRatesHistory = (desde: string, hasta: string) => useQuery(ratesHistoryQueryOptions(desde, hasta));
