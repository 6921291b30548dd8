import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { historyKeys } from './keys';
import type { HistoryDate } from './types';

export const historyDatesQueryOptions = (ledgerId: string) =>
  queryOptions({
    queryKey: historyKeys.dates(ledgerId),
    queryFn: ({ signal }) =>
      api<HistoryDate[]>(`/api/transactions/dates?ledgerId=${encodeURIComponent(ledgerId)}`, messages.loadDatesError, { signal }),
  });

/** The ledger's days with transactions, newest first. */
export const useHistoryDates = (ledgerId: string) => useQuery(historyDatesQueryOptions(ledgerId));
