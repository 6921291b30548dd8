import { Typography } from '@mui/material';
import { formatUsd } from '@arb/shared';

/** A profit in USD, green when 0 or more and red when negative (docs/product.md#screens). */
export function ProfitPreview({ value, label = 'Ganancia estimada' }: { value: number; label?: string }) {
  const positive = value >= 0;
  return (
    <Typography
      data-testid="profit-preview"
      data-sign={positive ? 'positive' : 'negative'}
      role="status"
      sx={{ fontWeight: 600, color: positive ? 'success.main' : 'error.main' }}
    >
      {label}: {formatUsd(value)}
    </Typography>
  );
}
