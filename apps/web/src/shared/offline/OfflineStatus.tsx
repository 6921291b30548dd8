import { Alert } from '@mui/material';
import { messages, t } from '@arb/shared';
import { lastServerAnswerAt } from '../lib/api-client';
import { useOnline } from './offline';

const clock = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * Offline, a screen shows the last answers it has (the service worker's cached reads) and says
 * from when (docs/product.md#working-offline). The dashboard has its own banner, timed by its day's answer.
 */
export function OfflineStatus() {
  const online = useOnline();
  if (online) return null;
  const at = lastServerAnswerAt();
  return (
    <Alert severity="warning" role="status" data-testid="offline-banner" sx={{ mb: 2 }}>
      {at === undefined ? messages.offlineBannerNoTime : t('offlineBanner', { time: clock.format(at) })}
    </Alert>
  );
}
