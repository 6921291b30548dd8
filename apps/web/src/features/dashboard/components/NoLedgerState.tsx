import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { messages } from '@arb/shared';

interface Props {
  creating: boolean;
  error: string | null;
  onRetry(): void;
}

/** The user has no ledger: a personal one is being created (docs/product.md#screens). */
export function NoLedgerState({ creating, error, onRetry }: Props) {
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, mt: 10, px: 2, textAlign: 'center' }}>
      <CircularProgress />
      <Typography>{messages.creatingPersonalLedger}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Button variant="outlined" onClick={onRetry} disabled={creating}>
        Reintentar
      </Button>
    </Box>
  );
}
