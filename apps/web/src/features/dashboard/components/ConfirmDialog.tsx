import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** A yes/no question before an action that cannot be undone. */
export function ConfirmDialog({ title, text, confirmLabel, busy, onConfirm, onClose }: Props) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancelar
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
