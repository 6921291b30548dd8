import { Alert } from '@mui/material';

/** The dismissable error / success banner of the auth screens (docs/product.md#accounts-and-sessions, packages/shared/src/errors.ts). */
export function Banner({
  severity,
  message,
  onClose,
}: {
  severity: 'error' | 'success' | 'info';
  message: string | null;
  onClose?: () => void;
}) {
  if (!message) return null;
  return (
    <Alert severity={severity} onClose={onClose} sx={{ mb: 2 }} role={severity === 'error' ? 'alert' : 'status'}>
      {message}
    </Alert>
  );
}
