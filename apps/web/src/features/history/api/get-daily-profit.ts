import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { historyKeys } from './keys';
import type { DailyProfit } from './types';

/** How many days with activity the chart shows. */
export const DAILY_PROFIT_DAYS = 30;

export const dailyProfitQueryOptions = (ledgerId: string, limit = DAILY_PROFIT_DAYS) =>
  queryOptions({
    queryKey: historyKeys.dailyProfit(ledgerId, limit),
    queryFn: ({ signal }) =>
      api<DailyProfit[]>(
        `/api/transactions/daily-profit?ledgerId=${encodeURIComponent(ledgerId)}&limit=${limit}`,
        messages.chartLoadError,
        { signal },
      ),
  });

/** Profit in USD per day, the last `limit` days with transactions, oldest first. */
export const useDailyProfit = (ledgerId: string, limit = DAILY_PROFIT_DAYS) => useQuery(dailyProfitQueryOptions(ledgerId, limit));
