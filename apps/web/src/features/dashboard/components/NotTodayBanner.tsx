import { Alert, Box, Button } from '@mui/material';
import { formatDayLong, t } from '@arb/shared';

interface Props {
  date: string;
  onCreateToday(): void;
  onKeep(): void;
}

/** First load on a day other than today: offer today's record (its base balances carry forward). */
export function NotTodayBanner({ date, onCreateToday, onKeep }: Props) {
  return (
    <Alert severity="info" role="region" aria-label="Registro de hoy">
      {t('notTodayQuestion', { date: formatDayLong(date) })}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button variant="contained" size="small" onClick={onCreateToday}>
          Sí, crear registro de hoy
        </Button>
        <Button variant="outlined" size="small" onClick={onKeep}>
          No, mantener fecha actual
        </Button>
      </Box>
    </Alert>
  );
}
