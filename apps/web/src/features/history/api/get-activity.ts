import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { historyKeys } from './keys';
import type { ActivityEntry } from './types';

export const ACTIVITY_PAGE_SIZE = 20;

/**
 * The ledger's activity log, newest first, one page at a time: the next page asks for the
 * entries older than the last one shown (`before` = its id). A short page is the last one.
 */
export const activityQueryOptions = (ledgerId: string, pageSize = ACTIVITY_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: historyKeys.activity(ledgerId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => {
      const before = pageParam === undefined ? '' : `&before=${pageParam}`;
      return api<ActivityEntry[]>(
        `/api/ledgers/${encodeURIComponent(ledgerId)}/activity?limit=${pageSize}${before}`,
        messages.activityLoadError,
        {
          signal,
        },
      );
    },
    getNextPageParam: (last) => (last.length < pageSize ? undefined : last[last.length - 1]?.id),
  });

export const useActivity = (ledgerId: string, pageSize = ACTIVITY_PAGE_SIZE) => useInfiniteQuery(activityQueryOptions(ledgerId, pageSize));
