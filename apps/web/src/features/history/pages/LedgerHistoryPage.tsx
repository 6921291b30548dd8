import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function LedgerHistoryPage() {
  return <PendingScreen title="Historial" />;
}
