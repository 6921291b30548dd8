import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getStoredUser } from '../../../shared/lib/session';
import { ledgerKeys } from '../../ledgers';
import { useLedgerRealtime } from '../../realtime';
import { historyKeys } from '../api/keys';

/**
 * Keeps the history of a ledger live: a change by anyone on any day reloads the summaries, the
 * dates, the chart and the activity; a rename reloads the title; losing the ledger (expelled,
 * left elsewhere, deleted) goes back to the list of ledgers.
 */
export function useHistoryRealtime(ledgerId: string): { connected: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = () => {
    void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    void navigate('/history', { replace: true });
  };
  return useLedgerRealtime({
    ledgerId,
    onChange: (change) => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.ledger(change.ledgerId) });
      if (change.event !== 'transaction-updated' && change.event !== 'balance-updated') {
        void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
      }
    },
    onMemberRemoved: leave,
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.ledger(ledgerId) });
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
    onLedgerDeleted: (change) => {
      // The user's own delete is handled by the dialog that did it.
      if (change.byUserId !== getStoredUser()?.id) leave();
    },
  });
}
