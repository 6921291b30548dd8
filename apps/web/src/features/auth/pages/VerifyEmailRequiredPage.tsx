import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { useNavigate } from 'react-router';
import { RESEND_COOLDOWN_SECONDS, messages } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { useResendVerification } from '../api/resend-verification';
import { Banner } from '../components/Banner';
import { errorText } from '../components/error-text';
import { PublicLayout } from '../components/PublicLayout';

/** docs/product.md#screens /verify-email-required: the address, resend with its 30 s countdown, back to login, sign out. */
export default function VerifyEmailRequiredPage() {
  const { user, logout, reloadUser } = useAuth();
  const navigate = useNavigate();
  const resend = useResendVerification();
  const [countdown, setCountdown] = useState(0);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const onResend = async () => {
    if (!user) return;
    setError(null);
    setSuccess(null);
    try {
      const data = await resend.mutateAsync(user.email);
      setSuccess(data.message || messages.resendSuccess);
      setCountdown(RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      setError(errorText(err, messages.resendError, messages.resendConnectionError));
    }
  };

  // Verified in another tab or device: re-read the user and go on.
  const onVerified = async () => {
    setError(null);
    try {
      const fresh = await reloadUser();
      if (fresh?.email_verified) navigate('/dashboard', { replace: true });
      else setError(messages.emailNotVerified);
    } catch (err) {
      setError(errorText(err, messages.requestError, messages.requestConnectionError));
    }
  };

  return (
    <PublicLayout title="Verifica tu email" subtitle="Arbitraje USD/VES">
      <Box sx={{ textAlign: 'center' }}>
        <MarkEmailUnreadIcon color="primary" sx={{ fontSize: 48, mb: 1 }} />
        <Typography gutterBottom>Para continuar, confirma tu dirección de email. Te enviamos un enlace de verificación a:</Typography>
        <Typography sx={{ fontWeight: 700, mb: 2, wordBreak: 'break-all' }} data-testid="verify-address">
          {user?.email}
        </Typography>
      </Box>
      <Banner severity="success" message={success} onClose={() => setSuccess(null)} />
      <Banner severity="error" message={error} onClose={() => setError(null)} />
      <Stack spacing={1}>
        <Button variant="contained" onClick={onResend} disabled={resend.isPending || countdown > 0}>
          {countdown > 0 ? `Reenviar en ${countdown}s` : 'Reenviar email de verificación'}
        </Button>
        <Button variant="outlined" onClick={onVerified}>
          Ya verifiqué mi email
        </Button>
        <Button variant="text" onClick={() => void logout()}>
          Volver al inicio de sesión
        </Button>
        <Button variant="text" color="inherit" onClick={() => void logout()}>
          Cerrar Sesión
        </Button>
      </Stack>
    </PublicLayout>
  );
}
