import { Paper, Typography } from '@mui/material';

/**
 * Placeholder for the exchange-rate panel (SPEC §2). At merge, replace this body with
 * `<RatesPanel />` from `features/rates` (its index.ts).
 */
export function RatesSlot() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="rates-slot">
      <Typography variant="subtitle2">Tasas de cambio</Typography>
      <Typography variant="body2" color="text.secondary">
        Tasas BCV y paralelo: disponible pronto.
      </Typography>
    </Paper>
  );
}
