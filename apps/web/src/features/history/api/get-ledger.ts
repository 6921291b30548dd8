import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import type { LedgerListItem } from './types';

/**
 * GET /api/ledgers (there is no single-ledger read): the same key as the ledgers feature's list,
 * so coming from /history the list is already in the cache.
 */
export const ledgerListQueryOptions = () =>
  queryOptions({
    queryKey: ['ledgers', 'list'] as const,
    queryFn: ({ signal }) => api<LedgerListItem[]>('/api/ledgers', messages.loadLedgersError, { signal }),
  });

/** The ledger with that id among the user's ledgers; `data` is null when it is not one of them. */
export const useLedger = (ledgerId: string) =>
  useQuery({ ...ledgerListQueryOptions(), select: (list: LedgerListItem[]) => list.find((l) => l.id === ledgerId) ?? null });
