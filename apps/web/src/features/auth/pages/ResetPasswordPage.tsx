import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function ResetPasswordPage() {
  return <PendingScreen title="Restablecer Contraseña" />;
}
