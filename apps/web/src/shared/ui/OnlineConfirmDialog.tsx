import { ConfirmDialog } from './ConfirmDialog';
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
 * `aria-describedby` (issue 36, decision 0061). The hook lives here, not in ConfirmDialog, which
 * the dashboard's first chunk carries (docs/decisions/0019-dashboard-first-paint.md).
 */
export function OnlineConfirmDialog(props: OnlineConfirmDialogProps) {
  const offline = useNeedsConnection();
  const blocked =
    offline.reason === null ? undefined : { id: offline.id, reason: <DisabledReason id={offline.id} text={offline.reason} /> };
  return <ConfirmDialog {...props} blocked={blocked} />;
}
