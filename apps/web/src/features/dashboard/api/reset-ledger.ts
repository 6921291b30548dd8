import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { ApiError, api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';
import { ledgersQueryKey } from './get-ledgers';

export interface ResetLedgerVars {
  ledgerId: string;
  fecha: string;
}

/** Deletes the day's transactions and sets its base balances to 0/0 (SPEC §4). */
export async function resetLedger({ ledgerId, fecha }: ResetLedgerVars): Promise<void> {
  try {
    await api<void>(`/api/ledgers/${ledgerId}/reset`, messages.resetLedgerError, { method: 'DELETE', body: { fecha } });
  } catch (err) {
    // SPEC §6: whatever the server says, a 403 on reset reads as the owner-only text.
    if (err instanceof ApiError && err.status === 403 && err.code !== 'MEMBERSHIP_INACTIVE') {
      throw new ApiError(messages.resetForbidden, 403, err.code);
    }
    throw err;
  }
}

export function useResetLedger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLedger,
    onSuccess: async (_d, { ledgerId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
        queryClient.invalidateQueries({ queryKey: ledgersQueryKey }),
      ]);
    },
  });
}
