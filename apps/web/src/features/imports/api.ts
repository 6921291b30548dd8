import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type CuentasResponse, type ImportBatchListItem, type ImportBatchResult, type ImportPreview } from '@arb/shared';
import { api } from '../../shared/lib/api-client';

/** docs/product.md#binance-import calls of the Binance P2P import. */
/** One account per side for all the file's orders (docs/product.md#cuentas-y-movimientos); '' = Sin asignar. */
export interface ImportCuentas {
  ves: string;
  usd: string;
}

const form = (file: File, timezone: string, cuentas?: ImportCuentas) => {
  const data = new FormData();
  data.append('timezone', timezone);
  // Fields before the file: the server reads the multipart stream in order.
  if (cuentas?.ves) data.append('cuenta_ves_id', cuentas.ves);
  if (cuentas?.usd) data.append('cuenta_usd_id', cuentas.usd);
  data.append('file', file, file.name);
  return data;
};

export function previewImport(ledgerId: string, file: File, timezone: string, cuentas?: ImportCuentas) {
  return api<ImportPreview>(`/api/ledgers/${ledgerId}/imports/preview`, messages.requestError, {
    method: 'POST',
    body: form(file, timezone, cuentas),
  });
}

export function commitImport(ledgerId: string, file: File, timezone: string, cuentas?: ImportCuentas) {
  return api<ImportBatchResult>(`/api/ledgers/${ledgerId}/imports`, messages.requestError, {
    method: 'POST',
    body: form(file, timezone, cuentas),
  });
}

/** The ledger's accounts for the dialog's two selects (the Cuentas page's own query key: one cache). */
export function useImportCuentas(ledgerId: string) {
  return useQuery({
    queryKey: ['cuentas', ledgerId, 'list'],
    queryFn: ({ signal }) => api<CuentasResponse>(`/api/ledgers/${ledgerId}/cuentas`, messages.cuentasLoadError, { signal }),
  });
}

export const importsQueryKey = (ledgerId: string) => ['imports', ledgerId] as const;

export function useImports(ledgerId: string | undefined) {
  return useQuery({
    queryKey: importsQueryKey(ledgerId ?? ''),
    queryFn: () => api<ImportBatchListItem[]>(`/api/ledgers/${ledgerId}/imports`, messages.requestError),
    enabled: Boolean(ledgerId),
  });
}

/** `onChanged` lets the page refresh what the removed rows touched (the dashboard's day). */
export function useUndoImport(ledgerId: string, onChanged?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => api<void>(`/api/ledgers/${ledgerId}/imports/${batchId}`, messages.requestError, { method: 'DELETE' }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: importsQueryKey(ledgerId) }), onChanged?.()]);
    },
  });
}
