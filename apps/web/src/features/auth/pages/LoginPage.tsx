import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function LoginPage() {
  return <PendingScreen title="Iniciar Sesión" />;
}
