import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function VerifyEmailRequiredPage() {
  return <PendingScreen title="Verifica tu email" />;
}
