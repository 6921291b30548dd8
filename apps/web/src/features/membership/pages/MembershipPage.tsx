import { PendingScreen } from '../../../shared/ui/PendingScreen';

export default function MembershipPage() {
  return <PendingScreen title="Mi Membresía" />;
}
