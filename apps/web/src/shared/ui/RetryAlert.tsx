import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { messages } from '@arb/shared';

interface RetryAlertProps {
  message: string;
  onRetry(): void;
  /** While a retry is on its way the button is disabled. */
  retrying?: boolean;
  sx?: SxProps<Theme>;
}

/** A failed read, with its Spanish message and a 'Reintentar' button. */
export function RetryAlert({ message, onRetry, retrying = false, sx }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      {...(sx ? { sx } : {})}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {messages.retry}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
