import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { messages } from '@arb/shared';
import { ApiError, errorMessage } from '../lib/api-client';

interface Props {
  error: unknown;
  /** Shown when the server gave no message (packages/shared/src/errors.ts fallbacks). */
  fallback: string;
  sx?: SxProps<Theme>;
}

/**
 * A failed call, in the server's Spanish words. A MEMBERSHIP_INACTIVE refusal (docs/product.md#memberships) also
 * links to Mi Membresía, where the message tells the user to upload their proof.
 */
export function ApiErrorAlert({ error, fallback, sx }: Props) {
  const inactive = error instanceof ApiError && error.code === 'MEMBERSHIP_INACTIVE';
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        inactive ? (
          <Button component={RouterLink} to="/membership" color="inherit" size="small">
            {messages.membershipLink}
          </Button>
        ) : undefined
      }
    >
      {errorMessage(error, fallback)}
    </Alert>
  );
}
