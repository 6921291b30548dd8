import { useAuth } from '../../../shared/auth/auth-context';
import { useOfflineSync } from '../hooks/useOfflineSync';

/**
 * Sends the signed-in user's offline queue from whatever screen is open (docs/product.md#working-offline: at app
 * start, on the online event, on socket reconnect and every 30 s), not only from the dashboard.
 * Mounted once by the router while someone is signed in; it renders nothing.
 */
export default function OfflineSync() {
  const { user } = useAuth();
  useOfflineSync(user?.id);
  return null;
}
