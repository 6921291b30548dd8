import { Alert, Button, Snackbar } from '@mui/material';
import { messages, UNDO_SNACKBAR_MS } from '@arb/shared';

/**
 * The confirmation of a change that can be taken back (docs/product.md#undo): "Deshacer" for 10 s, the
 * exception to SPEC's 3 s snackbar. Null hides it.
 */
export function UndoSnackbar({
  message,
  busy,
  onUndo,
  onClose,
}: {
  message: string | null;
  busy?: boolean;
  onUndo(): void;
  onClose(): void;
}) {
  return (
    <Snackbar
      open={Boolean(message)}
      autoHideDuration={UNDO_SNACKBAR_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity="success"
        variant="filled"
        onClose={onClose}
        action={
          <Button color="inherit" size="small" onClick={onUndo} disabled={busy} sx={{ minHeight: 44, fontWeight: 700 }}>
            {messages.undo}
          </Button>
        }
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
