import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function JoinPage() {
  return <PendingScreen title="Unirse al Registro" />;
}
