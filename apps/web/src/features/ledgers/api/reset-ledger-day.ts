import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

/**
 * Owner only: deletes that day's transactions and sets its base balances to 0/0 (SPEC §4).
 * The dashboard refreshes its own day queries in `onSuccess`; a 403 carries SPEC's text.
 */
export const resetLedgerDay = ({ ledgerId, fecha }: { ledgerId: string; fecha: string }) =>
  api<void>(`/api/ledgers/${ledgerId}/reset`, messages.resetLedgerError, { method: 'DELETE', body: { fecha } });

export function useResetLedgerDay() {
  const qc = useQueryClient();
  // The ledger list shows transaction counts.
  return useMutation({ mutationFn: resetLedgerDay, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.list() }) });
}
