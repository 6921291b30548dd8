import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface ConfirmDialogProps {
  /** Callers that mount the dialog only while asking may leave it open by default. */
  open?: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  /** Why the confirm button waits (OnlineConfirmDialog's "Requiere conexión"), written before the buttons. */
  blocked?: { id: string; reason: ReactNode };
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A yes/no question before a weighty action (delete, reset, expel, leave, a profit-method switch). Focus
 * starts on Cancelar, so Enter never confirms by accident; while the action runs the dialog
 * cannot be dismissed.
 */
export function ConfirmDialog({ open = true, title, text, confirmLabel, busy = false, blocked, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
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
        {blocked?.reason}
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancelar
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy || !!blocked} aria-describedby={blocked?.id}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
