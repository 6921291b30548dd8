import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function ForgotPasswordPage() {
  return <PendingScreen title="Recuperar contraseña" />;
}
