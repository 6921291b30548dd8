import { useState, type ReactNode } from 'react';
import { t } from '@arb/shared';
import { useAuth } from '../auth/auth-context';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { usePendingOps } from './offline';

/**
 * "Cerrar Sesión" with items still queued asks first (docs/product.md#working-offline): they stay in this browser for
 * the user's next sign-in here. Returns the click handler and the dialog to render.
 */
export function useSignOut(): { pending: number; signOut(): void; dialog: ReactNode } {
  const { logout } = useAuth();
  const pending = usePendingOps().length;
  const [asking, setAsking] = useState(false);
  return {
    pending,
    signOut: () => (pending > 0 ? setAsking(true) : void logout()),
    dialog: asking && (
      <ConfirmDialog
        title="Cerrar Sesión"
        text={t('offlineLogoutConfirm', { n: pending })}
        confirmLabel="Cerrar Sesión"
        onConfirm={() => {
          setAsking(false);
          void logout();
        }}
        onCancel={() => setAsking(false)}
      />
    ),
  };
}
