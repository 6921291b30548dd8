import { Box, Paper, Typography } from '@mui/material';

/**
 * What stands where the new-transaction form goes while its code loads: the same section and title
 * as TransactionForm, and the height of its fields, so the day's list below it (the first screen's
 * largest text on a phone) paints at its final place and does not move when the form arrives
 * (docs/decisions/0019-dashboard-first-paint.md "The form after the day's list"). The heights are
 * the form's own, empty, measured in Chromium; e2e/phone.e2e.ts checks that they still match. They
 * include the "Usar tasa paralela" row, there from the start (TransactionForm). The form's body
 * keeps this height while its three parts come in (docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
 */
export const FORM_BODY_HEIGHT = { xs: 566.9375, sm: 352.21875 } as const;

export function TransactionFormPlaceholder() {
  return (
    <Paper component="section" aria-labelledby="new-tx-title" aria-busy="true" sx={{ p: 2 }} data-testid="tx-form-placeholder">
      <Typography id="new-tx-title" variant="h6" component="h2" gutterBottom>
        Nueva Transacción
      </Typography>
      <Box sx={{ height: FORM_BODY_HEIGHT }} />
    </Paper>
  );
}
