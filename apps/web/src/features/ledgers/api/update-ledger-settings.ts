import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type Ledger, type MetodoGanancia } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/** PUT /api/ledgers/:id/settings (docs/product.md#profit-method-and-position), owner only. */
export const updateLedgerSettings = ({ ledgerId, metodo_ganancia }: { ledgerId: string; metodo_ganancia: MetodoGanancia }) =>
  api<{ ledger: Ledger }>(`/api/ledgers/${ledgerId}/settings`, messages.ledgerSettingsError, {
    method: 'PUT',
    body: { metodo_ganancia },
  }).then((r) => r.ledger);

export function useUpdateLedgerSettings() {
  const qc = useQueryClient();
  // Every figure of the ledger may change with the method: balances, history and the position too.
  return useMutation({ mutationFn: updateLedgerSettings, onSuccess: () => qc.invalidateQueries() });
}
