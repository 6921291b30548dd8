import { Alert, Typography } from '@mui/material';
import { messages, t } from '@arb/shared';

const clock = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * DESIGN §14 on the dashboard: offline, the figures are the last the server gave, and the banner
 * says from when; the queued items are never mixed into those figures, only counted apart.
 */
export function OfflineNotice({ online, leidoEn, pending }: { online: boolean; leidoEn: number | undefined; pending: number }) {
  return (
    <>
      {!online && (
        <Alert severity="warning" role="status" data-testid="offline-banner">
          {leidoEn === undefined ? messages.offlineBannerNoTime : t('offlineBanner', { time: clock.format(leidoEn) })}
        </Alert>
      )}
      {pending > 0 && (
        <Typography variant="body2" color="warning.main" data-testid="pending-apart">
          {t('offlinePendingApart', { n: pending })}
        </Typography>
      )}
    </>
  );
}
