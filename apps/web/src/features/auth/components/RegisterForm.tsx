import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, TextField } from '@mui/material';
import { REDIRECT_AFTER_REGISTER_MS, messages, registerFormSchema, type RegisterFormInput } from '@arb/shared';
import { useRegister } from '../api/register';
import { Banner } from './Banner';
import { errorText } from './error-text';
import { emailInputSlots, muiField } from './form-field';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

const EMPTY: RegisterFormInput = { user_name: '', email: '', password: '', confirmPassword: '' };

/** 'Registrarse' tab: idle → submitting → success banner, fields cleared, login tab after 3 s (docs/product.md#accounts-and-sessions). */
export function RegisterForm({ onSwitch, onRegistered }: { onSwitch: () => void; onRegistered: (email: string) => void }) {
  const registerUser = useRegister();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // The address just registered, for the login tab to keep (issue 25).
  const [registered, setRegistered] = useState('');
  const { register, handleSubmit, formState, watch, reset, trigger } = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    mode: 'all',
    defaultValues: EMPTY,
  });
  const busy = formState.isSubmitting;
  const password = watch('password');

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => onRegistered(registered), REDIRECT_AFTER_REGISTER_MS);
    return () => clearTimeout(timer);
  }, [success, onRegistered, registered]);

  const onSubmit = async ({ confirmPassword: _confirm, ...input }: RegisterFormInput) => {
    setError(null);
    setSuccess(null);
    try {
      const data = await registerUser.mutateAsync(input);
      reset(EMPTY);
      setRegistered(input.email);
      setSuccess(data?.message || messages.registerSuccess);
    } catch (err) {
      setError(errorText(err, messages.registerError, messages.registerConnectionError));
    }
  };

  const passwordField = register('password', {
    // A changed password re-checks the confirmation once it has been touched.
    onChange: () => formState.touchedFields.confirmPassword && void trigger('confirmPassword'),
  });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Registrarse">
      <Banner severity="error" message={error} onClose={() => setError(null)} />
      <Banner severity="success" message={success} />
      <TextField
        label="Nombre de usuario"
        autoComplete="name"
        fullWidth
        margin="normal"
        disabled={busy}
        {...muiField(register('user_name'), formState.errors.user_name)}
      />
      <TextField
        label="Email"
        slotProps={emailInputSlots}
        autoComplete="email"
        fullWidth
        margin="normal"
        disabled={busy}
        {...muiField(register('email'), formState.errors.email)}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        disabled={busy}
        {...muiField(passwordField, formState.errors.password)}
      />
      <PasswordStrengthMeter password={password} />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        disabled={busy}
        {...muiField(register('confirmPassword'), formState.errors.confirmPassword)}
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
        Registrarse
      </Button>
      <Button variant="text" fullWidth onClick={onSwitch} disabled={busy} sx={{ mt: 1 }}>
        ¿Ya tienes cuenta? Inicia sesión
      </Button>
    </Box>
  );
}
