import { Box, TextField, Typography } from '@mui/material';
import { addDays, formatDayLong, isDayKey, todayKey } from '@arb/shared';

interface Props {
  value: string;
  onChange(day: string): void;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A native date input (small bundle, keyboard and mobile friendly) with the es-ES long date below. */
export function DateField({ value, onChange }: Props) {
  // No later than tomorrow (issue 36: 2099 was accepted); the server refuses it too (entryDayKeySchema).
  const max = addDays(todayKey(), 1);
  return (
    <Box>
      <TextField
        label="Fecha"
        type="date"
        size="small"
        fullWidth
        value={value}
        onChange={(e) => {
          if (isDayKey(e.target.value) && e.target.value <= max) onChange(e.target.value);
        }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': 'date-long', max } }}
      />
      <Typography id="date-long" variant="caption" color="textSecondary" sx={{ display: 'block', mt: 0.5 }}>
        {capitalize(formatDayLong(value))}
      </Typography>
    </Box>
  );
}
