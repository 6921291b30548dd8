import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type BinanceLinkInput, type BinanceLinkStatus, type BinanceSyncAnswer, type CuentasResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/** docs/api.md#binance-sync: the user's own link, its runs, and the accounts a link may name. */
const URL = '/api/integrations/binance';

export const binanceKeys = {
  link: () => ['binance', 'link'] as const,
  cuentas: (ledgerId: string) => ['binance', 'cuentas', ledgerId] as const,
};

/**
 * While a run goes on and the socket is down, the card reads the link again this often; with the
 * socket up it waits for `binance-sync` instead (docs/decisions/0058).
 */
export const BINANCE_FALLBACK_POLL_MS = 15_000;

/** GET (the link, its state and last result). */
export const binanceLinkQuery = () =>
  queryOptions({
    queryKey: binanceKeys.link(),
    queryFn: ({ signal }) => api<BinanceLinkStatus>(URL, messages.binanceUnavailable, { signal }),
  });

export const useBinanceLink = () => useQuery(binanceLinkQuery());

/** The accounts of the chosen ledger (GET …/cuentas), for the link's default accounts. */
export const useLedgerCuentas = (ledgerId: string) =>
  useQuery({
    queryKey: binanceKeys.cuentas(ledgerId),
    queryFn: ({ signal }) =>
      api<CuentasResponse>(`/api/ledgers/${encodeURIComponent(ledgerId)}/cuentas`, messages.cuentasLoadError, { signal }),
    enabled: ledgerId !== '',
  });

export function useLinkBinance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BinanceLinkInput) => api<BinanceLinkStatus>(URL, messages.binanceUnavailable, { method: 'PUT', body }),
    onSuccess: (status) => qc.setQueryData(binanceKeys.link(), status),
  });
}

export function useUnlinkBinance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(URL, messages.binanceUnavailable, { method: 'DELETE' }),
    onSuccess: () => qc.setQueryData<BinanceLinkStatus>(binanceKeys.link(), { conectado: false }),
  });
}

/** POST …/sync: the result (200), or `{enCurso: true}` when the run outlasts 10 s (202). */
export function useSyncBinance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<BinanceSyncAnswer | { enCurso: true }>(`${URL}/sync`, messages.binanceUnavailable, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: binanceKeys.link() }),
  });
}
