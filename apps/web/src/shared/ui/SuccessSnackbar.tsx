import { useState } from 'react';
import { Alert, Snackbar } from '@mui/material';
import { SNACKBAR_HIDE_MS } from '@arb/shared';

/**
 * The green confirmation at the bottom of the screen (SPEC's "… exitosamente" texts); null hides
 * it. A click elsewhere does not dismiss it, so a message is not lost to the click that follows.
 * A new message gets the whole SNACKBAR_HIDE_MS: the bar is keyed by its text, so its hide timer
 * starts again. Without the key, a message that came while the previous one was showing kept the
 * previous one's timer and could vanish at once ("Membresía retirada exitosamente" after
 * "Membresía actualizada exitosamente" in the admin journey).
 */
export function SuccessSnackbar({ message, onClose }: { message: string | null | undefined; onClose(): void }) {
  // The last text stays written while the bar fades out (by then `message` is null).
  const [shown, setShown] = useState(message);
  if (message && message !== shown) setShown(message);
  return (
    <Snackbar
      key={shown ?? ''}
      open={Boolean(message)}
      autoHideDuration={SNACKBAR_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={onClose}>
        {shown}
      </Alert>
    </Snackbar>
  );
}
