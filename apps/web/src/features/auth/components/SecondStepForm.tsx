import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { LightTextField } from '../../../shared/ui/LightTextField';
import { messages } from '@arb/shared';
import { Banner } from './Banner';
import { errorText } from './error-text';

/**
 * The login's second step (docs/product.md#account-security): 'Código de verificación' from the authenticator app, or
 * 'Usar un código de recuperación'. A wrong code keeps the step (up to 5 tries, then the server
 * ends it and the user starts over with the password).
 */
export function SecondStepForm({
  onSubmit,
  onRestart,
}: {
  onSubmit: (code: string) => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(messages.totpCodeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(code.trim());
    } catch (err) {
      const text = errorText(err, messages.loginError, messages.loginConnectionError);
      // The ticket ended (5 wrong codes, 5 minutes): back to the password, with the reason.
      if ((err as { code?: string }).code === 'MFA_EXPIRED') return onRestart(text);
      setError(text);
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={messages.verificationCodeLabel}>
      <Banner severity="error" message={error} onClose={() => setError(null)} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {recovery ? messages.recoveryCodesHelp.split('.')[0] + '.' : messages.mfaPrompt}
      </Typography>
      <LightTextField
        label={recovery ? messages.recoveryCodeLabel : messages.verificationCodeLabel}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        htmlInput={recovery ? { maxLength: 40 } : { inputMode: 'numeric', maxLength: 6 }}
        fullWidth
        margin="normal"
        autoFocus
        disabled={busy}
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
        {messages.verifyButton}
      </Button>
      <Button
        variant="text"
        fullWidth
        disabled={busy}
        sx={{ mt: 1 }}
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
        }}
      >
        {recovery ? messages.useAuthenticatorCode : messages.useRecoveryCode}
      </Button>
    </Box>
  );
}
