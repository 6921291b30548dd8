import { Alert } from '@mui/material';
import { t } from '@arb/shared';
import { pendingInvite } from '../../../shared/auth/post-login';
import { usePendingInviteInfo } from '../api/get-pending-invite';

/**
 * Tells a signed-out invitee on /login that an invitation waits for them (issue 25): after login
 * the /login guard takes them to /join/{code}. Nothing is shown for an unknown or dead code: the
 * join page says so with SPEC's text.
 */
export function PendingInviteNotice() {
  const info = usePendingInviteInfo(pendingInvite());
  if (!info.data) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {t('inviteWaiting', { ledger: info.data.ledger.name })}
    </Alert>
  );
}
