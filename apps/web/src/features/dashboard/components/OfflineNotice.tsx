import { Typography } from '@mui/material';
import { t } from '@arb/shared';

/** The queued items are never mixed into the server's figures, only counted apart (docs/product.md#working-offline). */
export function OfflineNotice({ pending }: { pending: number }) {
  if (pending === 0) return null;
  return (
    <Typography variant="body2" color="warning.main" data-testid="pending-apart">
      {t('offlinePendingApart', { n: pending })}
    </Typography>
  );
}
