import { Alert, Typography } from '@mui/material';
import { messages, t } from '@arb/shared';

const clock = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hour12: false });

/** docs/product.md#working-offline: offline, the figures are the last the server gave; the banner says from when. */
export function OfflineBanner({ online, leidoEn }: { online: boolean; leidoEn: number | undefined }) {
  if (online) return null;
  return (
    <Alert severity="warning" role="status" data-testid="offline-banner">
      {leidoEn === undefined ? messages.offlineBannerNoTime : t('offlineBanner', { time: clock.format(leidoEn) })}
    </Alert>
  );
}

/** The queued items are never mixed into the server's figures, only counted apart (docs/product.md#working-offline). */
export function OfflineNotice({ pending }: { pending: number }) {
  if (pending === 0) return null;
  return (
    <Typography variant="body2" color="warning.main" data-testid="pending-apart">
      {t('offlinePendingApart', { n: pending })}
    </Typography>
  );
}
