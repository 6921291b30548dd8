import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { historyKeys } from './keys';
import type { HistorySummary } from './types';

/** Windows end today in the server's APP_TIMEZONE (no `hasta`): the client clock is not trusted. */
export const historySummaryQueryOptions = (ledgerId: string) =>
  queryOptions({
    queryKey: historyKeys.summary(ledgerId),
    queryFn: ({ signal }) =>
      api<HistorySummary>(`/api/transactions/history-summary?ledgerId=${encodeURIComponent(ledgerId)}`, messages.loadDatesError, {
        signal,
      }),
  });

export const useHistorySummary = (ledgerId: string) => useQuery(historySummaryQueryOptions(ledgerId));
