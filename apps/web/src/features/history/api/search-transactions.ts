import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messages, type SearchAnswer } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { historyKeys } from './keys';

/** The filters as sent (docs/api.md#buscar-operaciones); empty ones are left out. */
export type SearchFilters = {
  q: string;
  desde: string;
  hasta: string;
  tipo: '' | 'venta' | 'compra';
  origen: '' | 'manual' | 'binance_p2p';
  /** An account's id: rows with it as their Bs or their USD account. */
  cuentaId: string;
  /** The member who entered the rows. */
  userId: string;
};

export function searchUrl(ledgerId: string, f: SearchFilters, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') params.set(k, v.trim());
  if (page > 1) params.set('page', String(page));
  return `/api/ledgers/${encodeURIComponent(ledgerId)}/transactions/search?${params.toString()}`;
}

/** GET /api/ledgers/:id/transactions/search; runs only once the user has searched (`filters` set). */
export const useSearchTransactions = (ledgerId: string, filters: SearchFilters | null, page: number) =>
  useQuery({
    queryKey: [...historyKeys.ledger(ledgerId), 'search', filters, page],
    queryFn: ({ signal }) => api<SearchAnswer>(searchUrl(ledgerId, filters!, page), messages.validationFailed, { signal }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
