import { memo } from 'react';
import { Box, TextField } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cuentaOptions, type CuentaOption } from '../../../shared/lib/cuenta-choice';

interface Props {
  cuentas: readonly CuentaOption[];
  ves: UseFormRegisterReturn;
  usd: UseFormRegisterReturn;
  /** An edit's current accounts: offered even when archived (DESIGN §28, an edit may keep them). */
  keepVes?: string | null | undefined;
  keepUsd?: string | null | undefined;
}

/**
 * "Cuenta Bs" and "Cuenta USD" (docs/product.md#cuentas-y-movimientos): where the row's bolívares and
 * dollars go or come from; Sin asignar first. Native selects, side by side even at 360 px: the
 * phone's own picker, plain keyboard use, and no menu code on the dashboard.
 */
export const CuentaSelects = memo(function CuentaSelects({ cuentas, ves, usd, keepVes, keepUsd }: Props) {
  const select = (label: string, field: UseFormRegisterReturn, moneda: 'VES' | 'USD', keep?: string | null) => (
    <TextField
      select
      label={label}
      size="small"
      fullWidth
      {...field}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {cuentaOptions(cuentas, moneda, keep).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', gridColumn: '1 / -1' }}>
      {select('Cuenta Bs', ves, 'VES', keepVes)}
      {select('Cuenta USD', usd, 'USD', keepUsd)}
    </Box>
  );
});
