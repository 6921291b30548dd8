import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { InviteLinkBox } from './InviteLinkBox';

interface InviteLinkDialogProps {
  open: boolean;
  onClose(): void;
  ledgerId: string;
  ledgerName?: string;
}

/** The dashboard's and the ledger list's invite-link dialog (owner only; others get the server's 403 text). */
export function InviteLinkDialog({ open, onClose, ledgerId, ledgerName }: InviteLinkDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="invite-title" maxWidth="sm" fullWidth>
      <DialogTitle id="invite-title">{ledgerName ? `Invitar a "${ledgerName}"` : 'Invitar al registro'}</DialogTitle>
      <DialogContent>{open && <InviteLinkBox ledgerId={ledgerId} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
