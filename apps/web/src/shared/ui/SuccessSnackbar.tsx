import { Alert, Snackbar } from '@mui/material';
import { SNACKBAR_HIDE_MS } from '@arb/shared';

/**
 * The green confirmation at the bottom of the screen (SPEC's "… exitosamente" texts); null hides
 * it. A click elsewhere does not dismiss it, so a message is not lost to the click that follows.
 */
export function SuccessSnackbar({ message, onClose }: { message: string | null | undefined; onClose(): void }) {
  return (
    <Snackbar
      open={Boolean(message)}
      autoHideDuration={SNACKBAR_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={onClose}>
        {message}
      </Alert>
    </Snackbar>
  );
}
