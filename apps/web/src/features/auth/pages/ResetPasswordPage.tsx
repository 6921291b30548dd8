import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_AFTER_RESET_MS, messages, resetPasswordFormSchema } from '@arb/shared';
import { useResetPassword } from '../api/reset-password';
import { Banner } from '../components/Banner';
import { errorText } from '../components/error-text';
import { muiField } from '../components/form-field';
import { PasswordField } from '../components/PasswordField';
import { PublicLayout } from '../components/PublicLayout';

interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

/** docs/product.md#screens /reset-password?token=…: two fields with toggles; on success, to /login after 3 s. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : messages.resetTokenInvalid);
  const { register, handleSubmit, formState } = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'all',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const busy = formState.isSubmitting;

  useEffect(() => {
    if (!success) return;
    // The login page says the new password is in force (issue 36: it said nothing).
    const timer = setTimeout(() => navigate('/login', { replace: true, state: { passwordReset: true } }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const onSubmit = async ({ newPassword }: ResetForm) => {
    if (!token) {
      setError(messages.resetTokenInvalid);
      return;
    }
    setError(null);
    try {
      const data = await reset.mutateAsync({ token, newPassword });
      setSuccess(data.message || messages.resetSuccess);
    } catch (err) {
      setError(errorText(err, messages.resetError, messages.resetConnectionError));
    }
  };

  const locked = busy || Boolean(success);
  return (
    <PublicLayout title="Restablecer Contraseña">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Restablecer Contraseña">
        <Banner severity="success" message={success} />
        <Banner severity="error" message={error} onClose={() => setError(null)} />
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          disabled={locked}
          {...muiField(register('newPassword'), formState.errors.newPassword)}
        />
        <PasswordField
          label="Confirmar contraseña"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          disabled={locked}
          {...muiField(register('confirmPassword'), formState.errors.confirmPassword)}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          disabled={locked}
          sx={{ mt: 2 }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Restablecer Contraseña
        </Button>
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Link component={RouterLink} to="/login">
            Volver al inicio de sesión
          </Link>
        </Box>
      </Box>
    </PublicLayout>
  );
}
