import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { DisabledReason, useNeedsConnection } from './DisabledReason';

interface OnlineConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * ConfirmDialog for a write that needs the server (the Cuentas and Socios pages): offline its
 * confirm button is disabled with "Requiere conexión" written beside it and named by its
 * `aria-describedby` (issue 36, decision 0061). The same dialog as ConfirmDialog otherwise — focus
 * on Cancelar, not dismissable while busy. Its own file so ConfirmDialog, which the dashboard's
 * first chunk carries, does not grow (docs/decisions/0019-dashboard-first-paint.md).
 */
export function OnlineConfirmDialog({ title, text, confirmLabel, busy = false, onConfirm, onCancel }: OnlineConfirmDialogProps) {
  const offline = useNeedsConnection();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {offline.reason && <DisabledReason id={offline.id} text={offline.reason} />}
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancelar
        </Button>
        <Button
          onClick={onConfirm}
          color="error"
          variant="contained"
          disabled={busy || offline.reason !== null}
          aria-describedby={offline.describedBy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
