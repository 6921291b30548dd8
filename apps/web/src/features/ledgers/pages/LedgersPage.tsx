import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function LedgersPage() {
  return <PendingScreen title="Mis Registros de Arbitraje" />;
}
