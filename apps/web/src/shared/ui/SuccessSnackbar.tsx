import { useCallback, useState } from 'react';
import { Alert, Snackbar } from '@mui/material';
import { SNACKBAR_HIDE_MS } from '@arb/shared';

/** A confirmation to show; each one shown is a new object, even with the same text as the last. */
export interface SuccessMessage {
  text: string;
  id: number;
}

let lastId = 0;
/** `text` as a message with a new id: the same text twice is two messages (each shown its whole time). */
export const messageWithId = (text: string): SuccessMessage => ({ text, id: ++lastId });

/** The confirmation a screen shows, with `show(text)` and `clear()` for its SuccessSnackbar. */
export function useSuccessMessage() {
  const [message, setMessage] = useState<SuccessMessage | null>(null);
  const show = useCallback((text: string) => setMessage(messageWithId(text)), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}

/**
 * The green confirmation at the bottom of the screen (SPEC's "… exitosamente" texts); null hides
 * it. A click elsewhere does not dismiss it, so a message is not lost to the click that follows.
 * Every message gets the whole SNACKBAR_HIDE_MS: the bar is keyed by the message's id, so its hide
 * timer starts again, also for the same text twice ("Membresía actualizada exitosamente" for two
 * users in a row). Keyed by nothing, a message that came while the previous one was showing kept
 * the previous one's timer and could vanish at once ("Membresía retirada exitosamente" after
 * "Membresía actualizada exitosamente" in the admin journey).
 */
export function SuccessSnackbar({ message, onClose }: { message: SuccessMessage | null | undefined; onClose(): void }) {
  // The last text stays written while the bar fades out (by then `message` is null).
  const [shown, setShown] = useState(message);
  if (message && message.id !== shown?.id) setShown(message);
  return (
    <Snackbar
      key={shown?.id ?? 0}
      open={Boolean(message)}
      autoHideDuration={SNACKBAR_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={onClose}>
        {shown?.text}
      </Alert>
    </Snackbar>
  );
}
