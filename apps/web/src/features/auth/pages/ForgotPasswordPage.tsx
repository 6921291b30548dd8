import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { emailOnlySchema, messages } from '@arb/shared';
import { useForgotPassword } from '../api/forgot-password';
import { Banner } from '../components/Banner';
import { errorText } from '../components/error-text';
import { emailInputSlots, muiField } from '../components/form-field';
import { PublicLayout } from '../components/PublicLayout';

/** docs/product.md#screens /forgot-password: always the same generic success message. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(emailOnlySchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const busy = formState.isSubmitting;

  const onSubmit = async ({ email }: { email: string }) => {
    setError(null);
    setSuccess(null);
    try {
      const data = await forgot.mutateAsync(email);
      setSuccess(data.message || messages.forgotSuccess);
    } catch (err) {
      setError(errorText(err, messages.requestError, messages.requestConnectionError));
    }
  };

  return (
    <PublicLayout title="Recuperar contraseña">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Recuperar contraseña">
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          Escribe tu email y te enviaremos instrucciones para restablecer tu contraseña.
        </Typography>
        <Banner severity="success" message={success} />
        <Banner severity="error" message={error} onClose={() => setError(null)} />
        <TextField
          label="Email"
          slotProps={emailInputSlots}
          autoComplete="email"
          fullWidth
          margin="normal"
          disabled={busy}
          {...muiField(register('email'), formState.errors.email)}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          disabled={busy}
          sx={{ mt: 2 }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Enviar Instrucciones
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
