import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function VerifyEmailPage() {
  return <PendingScreen title="Verificación de email" />;
}
