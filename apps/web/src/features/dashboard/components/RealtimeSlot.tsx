import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context';
import { ConnectionChip, useLedgerRealtime, type RealtimeChange } from '../../realtime';
import { balancesQueryKey } from '../api/get-balances';
import { ledgersQueryKey } from '../api/get-ledgers';
import { showDashboardFlash } from '../lib/dashboard-flash';
import { removalNotice } from '../lib/removal-notice';
import { offlineQueue } from '../../../shared/offline/offline';

/**
 * The realtime connection chip of docs/product.md#screens, and what the dashboard does with the ledger's events:
 * reload the figures and the list (every cached day of the ledger: balances carry forward), the
 * ledger list on membership and name changes, and leave a ledger the user lost. DashboardView
 * loads and draws it only once the day's list has painted (docs/decisions/0023-plain-rows.md).
 */
export function RealtimeSlot({ ledgerId, ledgerName, fecha }: { ledgerId: string; ledgerName: string; fecha: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const leave = (change: RealtimeChange) => {
    // The user's own leave/delete is handled by the dialog that did it (message, then redirect).
    if (change.byUserId === user?.id) return;
    const notice = removalNotice(change, user?.id, ledgerName);
    if (notice) showDashboardFlash(notice);
    void queryClient.invalidateQueries({ queryKey: ledgersQueryKey });
    void navigate('/dashboard', { replace: true });
  };
  const { connected, pending } = useLedgerRealtime({
    ledgerId,
    fecha,
    onChange: (change) => {
      void queryClient.invalidateQueries({ queryKey: balancesQueryKey(change.ledgerId) });
      if (change.event !== 'transaction-updated' && change.event !== 'balance-updated') {
        void queryClient.invalidateQueries({ queryKey: ledgersQueryKey });
      }
    },
    onMemberRemoved: leave,
    onLedgerDeleted: leave,
    onReconnect: () => {
      // The connection is back: send what waited (docs/product.md#working-offline), then reload what is on screen.
      void offlineQueue.flush(true);
      void queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) });
      void queryClient.invalidateQueries({ queryKey: ledgersQueryKey });
    },
  });
  return <ConnectionChip connected={connected} pending={pending} />;
}
