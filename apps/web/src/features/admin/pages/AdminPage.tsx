import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function AdminPage() {
  return <PendingScreen title="Panel de Administración" />;
}
