import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { messages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useDailyProfit } from '../api/get-daily-profit';
import { DailyProfitChart } from './DailyProfitChart';
import { DailySpreadTable } from './DailySpreadTable';

/** The chart with its own loading and error states: a failure here never hides the history. */
export function DailyProfitSection({ ledgerId }: { ledgerId: string }) {
  const profit = useDailyProfit(ledgerId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="daily-profit-title" sx={{ p: 2 }}>
      <Typography id="daily-profit-title" variant="h6" component="h2">
        {messages.chartTitle}
      </Typography>
      {profit.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={messages.chartTitle} />
        </Box>
      )}
      {profit.isError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {errorMessage(profit.error, messages.chartLoadError)}
        </Alert>
      )}
      {profit.data && profit.data.length > 0 && <DailyProfitChart days={profit.data} />}
      {profit.data && profit.data.length > 0 && <DailySpreadTable days={profit.data} />}
    </Paper>
  );
}
