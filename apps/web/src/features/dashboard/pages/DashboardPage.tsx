import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function DashboardPage() {
  return <PendingScreen title="Arbitraje USD/VES" />;
}
