import { useQueryClient } from '@tanstack/react-query';
import { ledgerKeys } from '../../ledgers';
import { useLedgerRealtime } from '../../realtime';
import { sociosKeys } from '../api/socios';

/**
 * Keeps the Socios page live (docs/product.md#socios-y-liquidacion): any change of the ledger
 * (a row, a movement, a closed or reopened period) reloads the preview and the closed periods; a
 * settings change (the split rule) reloads the ledger too.
 */
export function useSociosRealtime(ledgerId: string): void {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: sociosKeys.all(ledgerId) });
  useLedgerRealtime({
    ledgerId,
    onChange: (change) => {
      reload();
      if (change.event === 'ledger-updated') void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
    onReconnect: reload,
  });
}
