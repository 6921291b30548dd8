import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { ApiError, api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

/**
 * Owner only: deletes that day's transactions and sets its base balances to 0/0 (docs/product.md#accounts-and-sessions).
 * The dashboard refreshes its own day queries after it; a 403 reads as SPEC's text.
 */
export async function resetLedgerDay({ ledgerId, fecha }: { ledgerId: string; fecha: string }): Promise<void> {
  try {
    await api<void>(`/api/ledgers/${ledgerId}/reset`, messages.resetLedgerError, { method: 'DELETE', body: { fecha } });
  } catch (err) {
    // docs/product.md#permissions: whatever the server says, a 403 on reset reads as the owner-only text.
    if (err instanceof ApiError && err.status === 403 && err.code !== 'MEMBERSHIP_INACTIVE') {
      throw new ApiError(messages.resetForbidden, 403, err.code);
    }
    throw err;
  }
}

export function useResetLedgerDay() {
  const qc = useQueryClient();
  // The ledger list shows transaction counts.
  return useMutation({ mutationFn: resetLedgerDay, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.list() }) });
}
