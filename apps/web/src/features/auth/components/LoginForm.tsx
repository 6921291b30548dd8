import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { messages, type LoginInput } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { lazyResolver } from '../../../shared/lib/lazy-resolver';
import { LightTextField } from '../../../shared/ui/LightTextField';
import { Banner } from './Banner';
import { errorText } from './error-text';
import { emailInputSlots, muiField } from './form-field';
import { PasswordField } from './PasswordField';
import { SecondStepForm } from './SecondStepForm';

const validation = lazyResolver<LoginInput>(() => import('./login-resolver').then((m) => m.loginResolver));

/** 'Iniciar Sesión' tab: idle → submitting (all disabled) → dismissable error, or on to the app. */
export function LoginForm({ onSwitch, notice, defaultEmail = '' }: { onSwitch: () => void; notice: string | null; defaultEmail?: string }) {
  const { login, loginSecondStep } = useAuth();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(notice);
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: validation.resolver,
    mode: 'all', // SPEC §5: checked on change, on blur and on submit
    defaultValues: { email: defaultEmail, password: '' },
  });
  const busy = formState.isSubmitting;

  const onSubmit = async (values: LoginInput) => {
    setError(null);
    try {
      const result = await login(values.email, values.password);
      // With two-factor on, the code comes next (DESIGN §16).
      if ('mfaRequired' in result) {
        setMfaToken(result.mfaToken);
        return;
      }
      // No navigation here: the signed-in user makes the /login guard redirect (pending invite,
      // remembered origin or the dashboard), one path whatever led to /login (issue 25).
    } catch (err) {
      setError(errorText(err, messages.loginError, messages.loginConnectionError));
    }
  };

  if (mfaToken) {
    return (
      <SecondStepForm
        // Signed in: the /login guard redirects, as after the first step without two-factor.
        onSubmit={async (code) => {
          await loginSecondStep(mfaToken, code);
        }}
        onRestart={(message) => {
          setMfaToken(null);
          setError(message);
        }}
      />
    );
  }

  return (
    // The validation chunk (zod, ~9 KB gzip) loads when the visitor first focuses a field, not at
    // load: DESIGN §19 counts everything /login loads in its first 5 s, idle downloads included.
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} onFocus={validation.preload} aria-label="Iniciar Sesión">
      <Banner severity="error" message={error} onClose={() => setError(null)} />
      <LightTextField
        label="Email"
        htmlInput={emailInputSlots.htmlInput}
        autoComplete="email"
        fullWidth
        margin="normal"
        disabled={busy}
        {...muiField(register('email'), formState.errors.email)}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="current-password"
        fullWidth
        margin="normal"
        disabled={busy}
        {...muiField(register('password'), formState.errors.password)}
      />
      <Box sx={{ textAlign: 'right', mt: 0.5 }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          ¿Olvidaste tu contraseña?
        </Link>
      </Box>
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        disabled={busy}
        sx={{ mt: 2 }}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Iniciar Sesión
      </Button>
      <Button variant="text" fullWidth onClick={onSwitch} disabled={busy} sx={{ mt: 1 }}>
        ¿No tienes cuenta? Regístrate
      </Button>
    </Box>
  );
}
