import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import { useAuth } from '../../../shared/auth/auth-context';
import { useLedgers } from '../api/get-ledgers';
import { useTimedNotice } from '../hooks/use-timed-notice';
import { InviteLinkBox } from './InviteLinkBox';
import { LedgerExitActions } from './LedgerExitActions';
import { MembersList } from './MembersList';
import { ProfitMethodForm } from './ProfitMethodForm';
import { RenameLedgerForm } from './RenameLedgerForm';
import { ledgerPermissions } from '../../../shared/lib/ledger-permissions';

interface GroupManagementDialogProps {
  open: boolean;
  onClose(): void;
  ledgerId: string;
}

/**
 * docs/product.md#screens group management: rename (any member), invite link, members with the 'Modificar saldos'
 * switch and expel (owner), leave (members) or delete (owner). Reads the ledger from the shared
 * list query, so every change (here or pushed by another member) shows at once.
 */
export function GroupManagementDialog({ open, onClose, ledgerId }: GroupManagementDialogProps) {
  const { user } = useAuth();
  const ledgers = useLedgers();
  const { notice, show, clear } = useTimedNotice();
  const current = ledgers.data?.find((l) => l.id === ledgerId);
  // After leaving or deleting, the ledger drops out of the list while the success message and
  // the 1 s redirect are still pending: keep showing the last version seen until then.
  const [lastSeen, setLastSeen] = useState(current);
  if (current && current !== lastSeen) setLastSeen(current);
  const ledger = current ?? (lastSeen?.id === ledgerId ? lastSeen : undefined);
  const { isOwner, canWrite } = ledgerPermissions(ledger, user?.id);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="group-title" maxWidth="sm" fullWidth>
      <DialogTitle id="group-title">Gestión del grupo</DialogTitle>
      <DialogContent>
        {/* Top padding so the first field's floating label is not clipped by the title. */}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {notice && (
            <Alert severity={notice.severity} onClose={clear}>
              {notice.text}
            </Alert>
          )}
          {!ledger ? (
            <Typography color="textSecondary">{ledgers.isPending ? 'Cargando...' : 'Registro no encontrado'}</Typography>
          ) : (
            <>
              {/* A viewer ("Solo lectura") renames nothing (docs/product.md "Permissions"). */}
              {canWrite && <RenameLedgerForm ledger={ledger} onNotice={show} />}
              <Divider />
              <ProfitMethodForm ledger={ledger} isOwner={isOwner} />
              {isOwner && (
                <>
                  <Divider />
                  <Typography variant="subtitle1" component="h3">
                    Invitar miembros
                  </Typography>
                  <InviteLinkBox ledgerId={ledger.id} />
                </>
              )}
              <Divider />
              <Typography variant="subtitle1" component="h3">
                Miembros ({ledger.members.length})
              </Typography>
              <MembersList ledger={ledger} isOwner={isOwner} onNotice={show} />
              <LedgerExitActions ledger={ledger} isOwner={isOwner} onNotice={show} onDone={onClose} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
