import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { messages, type TwoFactorSetupResponse } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../api/security';

type Step = { kind: 'password' } | { kind: 'scan'; setup: TwoFactorSetupResponse; qr: string | null } | { kind: 'codes'; codes: string[] };

/** The QR code is drawn in the browser (qrcode, loaded only here: never on the login page). */
function useQrDataUrl(text: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    void import('qrcode').then((qr) => qr.toDataURL(text, { margin: 1, width: 200 })).then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/** Turning two-factor on (password → scan and confirm a code → recovery codes once) or off. */
export function TwoFactorDialog({
  mode,
  onClose,
  onDone,
}: {
  mode: 'enable' | 'disable';
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const qr = useQrDataUrl(step.kind === 'scan' ? step.setup.otpauthUrl : undefined);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err, messages.twoFactorError));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'disable') {
      return void run(async () => {
        await disableTwoFactor(password, code);
        onDone(messages.twoFactorDisabledSuccess);
      });
    }
    if (step.kind === 'password') return void run(async () => setStep({ kind: 'scan', setup: await setupTwoFactor(password), qr: null }));
    if (step.kind === 'scan')
      return void run(async () => setStep({ kind: 'codes', codes: (await enableTwoFactor(password, code)).recoveryCodes }));
    onDone(messages.twoFactorEnabledSuccess);
  };

  const passwordField = (
    <TextField
      label={messages.currentPasswordLabel}
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(e) => setPassword(e.target.value)}
      fullWidth
      margin="normal"
      autoFocus
      disabled={busy}
    />
  );
  const codeField = (
    <TextField
      label={messages.verificationCodeLabel}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      autoComplete="one-time-code"
      fullWidth
      margin="normal"
      disabled={busy}
    />
  );

  return (
    <Dialog open onClose={step.kind === 'codes' ? undefined : onClose} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{mode === 'enable' ? messages.twoFactorEnable : messages.twoFactorDisable}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          {mode === 'disable' && (
            <>
              {passwordField}
              {codeField}
            </>
          )}
          {mode === 'enable' && step.kind === 'password' && passwordField}
          {mode === 'enable' && step.kind === 'scan' && (
            <>
              <Typography variant="body2">{messages.twoFactorScan}</Typography>
              <Box sx={{ display: 'flex', justifyContent: 'center', my: 1, minHeight: 200 }}>
                {qr && <img src={qr} alt="QR" width={200} height={200} />}
              </Box>
              <Typography variant="caption" component="div">
                {messages.twoFactorSecretLabel}
              </Typography>
              <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {step.setup.secret}
              </Typography>
              {codeField}
            </>
          )}
          {step.kind === 'codes' && (
            <>
              <Typography variant="subtitle2">{messages.recoveryCodesTitle}</Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {messages.recoveryCodesHelp}
              </Typography>
              <Box component="ul" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', columns: 2, pl: 3 }}>
                {step.codes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions>
          {step.kind !== 'codes' && (
            <Button onClick={onClose} disabled={busy}>
              {messages.cancelButton}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {step.kind === 'codes'
              ? messages.doneButton
              : step.kind === 'password' && mode === 'enable'
                ? messages.continueButton
                : messages.verifyButton}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
