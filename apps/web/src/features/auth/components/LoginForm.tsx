import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { messages, type LoginInput } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { LightTextField } from '../../../shared/ui/LightTextField';
import { Banner } from './Banner';
import { errorText } from './error-text';
import { emailInputSlots } from './form-field';
import type * as LoginValidation from './login-validation';
import type { LoginErrors, LoginField } from './login-validation';
import { PasswordField } from './PasswordField';
import { SecondStepForm } from './SecondStepForm';

// The validation (zod/mini and the shared schema, ~9 KB gzip) loads when the visitor first focuses
// a field, not at load: docs/benchmarks.md counts everything /login loads in its first 5 s, idle
// downloads included. A check before it arrives waits for it.
let validation: Promise<typeof LoginValidation> | undefined;
const loadValidation = () => (validation ??= import('./login-validation'));
const FIELDS: LoginField[] = ['email', 'password'];

/**
 * 'Iniciar Sesión' tab: idle → submitting (all disabled) → dismissable error, or on to the app.
 * A plain React form (no react-hook-form: ~12 KB gzip off /login, docs/benchmarks.md). docs/product.md#money: each
 * field is checked on change and on blur, and every field on submit, the first wrong one focused.
 */
export function LoginForm({ onSwitch, notice, defaultEmail = '' }: { onSwitch: () => void; notice: string | null; defaultEmail?: string }) {
  const { login, loginSecondStep } = useAuth();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(notice);
  const [values, setValues] = useState<LoginInput>({ email: defaultEmail, password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const checkField = async (field: LoginField, next: LoginInput) => {
    const result = (await loadValidation()).validateLogin(next);
    setErrors((e) => ({ ...e, [field]: 'errors' in result ? result.errors[field] : undefined }));
  };

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    error: Boolean(errors[name]),
    helperText: errors[name],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      void checkField(name, next);
    },
    onBlur: () => void checkField(name, values),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const result = (await loadValidation()).validateLogin(values);
    if ('errors' in result) {
      setErrors(result.errors);
      const first = FIELDS.find((f) => result.errors[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      const answer = await login(result.data.email, result.data.password);
      // With two-factor on, the code comes next (docs/product.md#account-security).
      if ('mfaRequired' in answer) setMfaToken(answer.mfaToken);
      // No navigation here: the signed-in user makes the /login guard redirect (pending invite,
      // remembered origin or the dashboard), one path whatever led to /login (issue 25).
    } catch (err) {
      setError(errorText(err, messages.loginError, messages.loginConnectionError));
    } finally {
      setBusy(false);
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
    <Box component="form" noValidate onSubmit={onSubmit} onFocus={() => void loadValidation()} aria-label="Iniciar Sesión">
      <Banner severity="error" message={error} onClose={() => setError(null)} />
      <LightTextField
        label="Email"
        htmlInput={emailInputSlots.htmlInput}
        autoComplete="email"
        fullWidth
        margin="normal"
        disabled={busy}
        {...field('email')}
      />
      <PasswordField label="Contraseña" autoComplete="current-password" fullWidth margin="normal" disabled={busy} {...field('password')} />
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
