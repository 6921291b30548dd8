import { Typography } from '@mui/material';
import { daysRemainingColor } from '@arb/shared';

const PALETTE = { red: 'error.main', orange: 'warning.main', green: 'success.main' } as const;

/** docs/product.md#screens, packages/shared/src/constants.ts: red at 7 or fewer, orange at 15 or fewer, green otherwise; '-' when none. */
export function DaysRemaining({ days }: { days: number }) {
  if (days <= 0) return <>-</>;
  const color = daysRemainingColor(days);
  return (
    <Typography component="span" sx={{ color: PALETTE[color], fontWeight: 600 }} data-color={color}>
      {days}
    </Typography>
  );
}
