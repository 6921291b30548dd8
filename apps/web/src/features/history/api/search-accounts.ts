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
const accountsQuery = (ledgerId: string) => ({
  queryKey: [...historyKeys.ledger(ledgerId), 'search-accounts'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<CuentasResponse>(`/api/ledgers/${encodeURIComponent(ledgerId)}/cuentas`, messages.cuentasLoadError, { signal }),
  staleTime: 60_000,
});

export const useSearchAccounts = (ledgerId: string) =>
  useQuery({
    ...accountsQuery(ledgerId),
    select: (answer): SearchAccount[] =>
      answer.cuentas.map((c) => ({
        id: c.id,
        label: `${c.nombre} (${c.moneda === 'VES' ? 'Bs' : 'USD'})${c.archivada ? ' · archivada' : ''}`,
      })),
  });

/**
 * The same answer (one request for both) as the activity log's names of accounts: a movement or a
 * cuadre says "desde Mercantil Bs" (docs/product.md#cuentas-y-movimientos). An account the answer
 * no longer lists (deleted, or archived at zero) is left unnamed by the sentence.
 */
export const useAccountNames = (ledgerId: string) =>
  useQuery({
    ...accountsQuery(ledgerId),
    select: (answer): ReadonlyMap<string, { nombre: string; moneda: 'VES' | 'USD' }> =>
      new Map(answer.cuentas.map((c) => [c.id, { nombre: c.nombre, moneda: c.moneda }])),
  });
