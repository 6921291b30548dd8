import { useId } from 'react';
import { Typography } from '@mui/material';
import { messages } from '@arb/shared';
import { useOnline } from '../offline/offline';

/**
 * Why the button beside it is disabled, written where a finger and a screen reader find it (issue 36:
 * "Requiere conexión" drawn only by CSS on hover reached neither): a visible line whose id the
 * button names in `aria-describedby`. For MUI screens; the dashboard's plain rows use HoverHint.
 */
export function DisabledReason({ id, text }: { id: string; text: string }) {
  return (
    <Typography id={id} variant="body2" color="textSecondary" sx={{ mr: 'auto', px: 1 }}>
      {text}
    </Typography>
  );
}

/**
 * A write that needs the server, offline (docs/product.md#working-offline): its button is disabled
 * and says "Requiere conexión" (`reason`, with `describedBy` for the button), instead of a request
 * TanStack Query holds paused while the button looks busy and that is sent later, maybe twice, once
 * the dialog is gone. Only the dashboard's new operations wait in the offline queue.
 */
export function useNeedsConnection(): { reason: string | null; id: string; describedBy: string | undefined } {
  const online = useOnline();
  const id = useId();
  const reason = online ? null : messages.offlineNeedsConnection;
  return { reason, id, describedBy: reason ? id : undefined };
}
