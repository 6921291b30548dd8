import { Box, LinearProgress, Typography } from '@mui/material';
import { PASSWORD_HELPER_TEXT, PASSWORD_RECOMMENDED_LENGTH, passwordStrength } from '@arb/shared';

const COLORS = ['error', 'error', 'warning', 'info', 'success'] as const;

/** docs/product.md#money meter: label (with up to two hints below 3), n/8 counter and a score/4 bar. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, label, hints } = passwordStrength(password);
  return (
    <Box sx={{ mt: -0.5, mb: 1 }} data-testid="password-strength">
      <LinearProgress
        variant="determinate"
        value={(score / 4) * 100}
        color={COLORS[score]}
        aria-label={`Fortaleza de la contraseña: ${label}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.5 }}>
        <Typography variant="caption" color={`${COLORS[score]}.main`}>
          {hints.length > 0 ? `${label}: ${hints.join(', ')}` : label}
        </Typography>
        <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
          {password.length}/{PASSWORD_RECOMMENDED_LENGTH}
        </Typography>
      </Box>
      <Typography variant="caption" color="textSecondary" component="p">
        {PASSWORD_HELPER_TEXT}
      </Typography>
    </Box>
  );
}
