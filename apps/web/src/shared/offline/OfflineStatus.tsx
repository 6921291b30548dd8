import { Alert, type SxProps, type Theme } from '@mui/material';
import { messages, t } from '@arb/shared';
import { lastServerAnswerAt } from '../lib/api-client';
import { useOnline } from './offline';

// Built when first shown (offline): a format built as the module loads started ICU during the
// dashboard's first paint (docs/decisions/0024-entry-and-commit-tasks.md).
let clock: Intl.DateTimeFormat | undefined;
const formatClock = (time: number) =>
  (clock ??= new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hour12: false })).format(time);

/**
 * Offline, a screen shows the last answers it has (the service worker's cached reads) and says
 * from when (docs/product.md#working-offline). `at` is when the server wrote the data on screen: the
 * dashboard passes its day's answer time; other screens take the newest answer's Date header.
 */
export function OfflineStatus({ at, sx = { mb: 2 } }: { at?: number | undefined; sx?: SxProps<Theme> }) {
  const online = useOnline();
  if (online) return null;
  const time = at ?? lastServerAnswerAt();
  return (
    <Alert severity="warning" role="status" data-testid="offline-banner" sx={sx}>
      {time === undefined ? messages.offlineBannerNoTime : t('offlineBanner', { time: formatClock(time) })}
    </Alert>
  );
}
