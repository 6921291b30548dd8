import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type ImportBatchListItem, type ImportBatchResult, type ImportPreview } from '@arb/shared';
import { api } from '../../shared/lib/api-client';

/** docs/product.md#binance-import calls of the Binance P2P import. */
const form = (file: File, timezone: string) => {
  const data = new FormData();
  data.append('timezone', timezone);
  data.append('file', file, file.name);
  return data;
};

export function previewImport(ledgerId: string, file: File, timezone: string) {
  return api<ImportPreview>(`/api/ledgers/${ledgerId}/imports/preview`, messages.requestError, {
    method: 'POST',
    body: form(file, timezone),
  });
}

export function commitImport(ledgerId: string, file: File, timezone: string) {
  return api<ImportBatchResult>(`/api/ledgers/${ledgerId}/imports`, messages.requestError, { method: 'POST', body: form(file, timezone) });
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
