import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDayShort, formatNumber2, formatUsd, messages } from '@arb/shared';
import type { DailyProfit } from '../api/types';

/**
 * Each day's spread (DESIGN §24: tasa_venta_promedio / tasa_compra_promedio − 1, computed by the
 * server) beside its profit, newest first, for the days the chart shows. Days with only sales or
 * only purchases have no spread and are left out.
 */
export function DailySpreadTable({ days }: { days: DailyProfit[] }) {
  const withSpread = days.filter((d) => d.diferencial !== undefined).reverse();
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }} title={messages.historySpreadTitle}>
        {messages.historySpreadHeading}
      </Typography>
      {withSpread.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {messages.historySpreadNone}
        </Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 280 }}>
          <Table size="small" stickyHeader aria-label={messages.historySpreadHeading} data-testid="daily-spread">
            <TableHead>
              <TableRow>
                <TableCell>{messages.historySpreadDay}</TableCell>
                <TableCell align="right">{messages.chartTitle}</TableCell>
                <TableCell align="right">{messages.historySpreadLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {withSpread.map((d) => (
                <TableRow key={d.date}>
                  <TableCell>{formatDayShort(d.date)}</TableCell>
                  <TableCell align="right">{formatUsd(d.ganancia_usd)}</TableCell>
                  <TableCell align="right" sx={{ color: d.diferencial! >= 0 ? 'success.main' : 'error.main', fontWeight: 600 }}>
                    {`${formatNumber2(d.diferencial)} %`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
