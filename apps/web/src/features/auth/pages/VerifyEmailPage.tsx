import { useEffect, useRef, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { messages } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { verifyEmail } from '../api/verify-email';
import { errorText } from '../components/error-text';
import { PublicLayout } from '../components/PublicLayout';

type State = { kind: 'verifying' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** docs/product.md#screens /verify-email?token=…: verifying → '¡Email Verificado!' or 'Error de Verificación'. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, reloadUser } = useAuth();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'verifying' } : { kind: 'error', message: messages.verifyTokenMissing },
  );
  // The token is single use: send it once even if the effect runs twice (StrictMode).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verifyEmail(token).then(
      (data) => {
        setState({ kind: 'success', message: data.message || messages.verifySuccess });
        // The answer names no account: a signed-in user reads their own (this link may be another's).
        if (user) void reloadUser().catch(() => undefined);
      },
      (err: unknown) => setState({ kind: 'error', message: errorText(err, messages.verifyError, messages.verifyConnectionError) }),
    );
  }, [token, user, reloadUser]);

  return (
    <PublicLayout>
      <Box sx={{ textAlign: 'center', py: 1 }} aria-live="polite">
        {state.kind === 'verifying' && (
          <>
            <CircularProgress sx={{ mb: 2 }} />
            <Typography>Verificando tu email...</Typography>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h6" component="h2" gutterBottom>
              ¡Email Verificado!
            </Typography>
            <Typography color="textSecondary">{state.message}</Typography>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <ErrorIcon color="error" sx={{ fontSize: 56 }} />
            <Typography variant="h6" component="h2" gutterBottom>
              Error de Verificación
            </Typography>
            <Typography color="textSecondary">{state.message}</Typography>
          </>
        )}
      </Box>
      {state.kind !== 'verifying' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'center' }}>
          <Button variant="contained" component={RouterLink} to="/login">
            Ir al inicio de sesión
          </Button>
          <Button variant="outlined" component={RouterLink} to="/">
            Ir al inicio
          </Button>
        </Stack>
      )}
    </PublicLayout>
  );
}
