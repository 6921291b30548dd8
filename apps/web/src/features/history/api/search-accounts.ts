import { useQuery } from '@tanstack/react-query';
import { messages, type CuentasResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { historyKeys } from './keys';

/** An account the search can filter by: its name, its currency, and whether it is archived. */
export interface SearchAccount {
  id: string;
  label: string;
}

/**
 * The ledger's accounts for "Buscar operaciones"' Cuenta filter (GET …/cuentas, every member may
 * read it). Asked only once the search form is drawn; a failure leaves the filter out, the search
 * still works.
 */
export const useSearchAccounts = (ledgerId: string) =>
  useQuery({
    queryKey: [...historyKeys.ledger(ledgerId), 'search-accounts'],
    queryFn: ({ signal }) =>
      api<CuentasResponse>(`/api/ledgers/${encodeURIComponent(ledgerId)}/cuentas`, messages.cuentasLoadError, { signal }),
    select: (answer): SearchAccount[] =>
      answer.cuentas.map((c) => ({
        id: c.id,
        label: `${c.nombre} (${c.moneda === 'VES' ? 'Bs' : 'USD'})${c.archivada ? ' · archivada' : ''}`,
      })),
    staleTime: 60_000,
  });
