import { useMemo } from 'react';
import uPlot from 'uplot';
import { Alert, Paper, Typography } from '@mui/material';
import { formatNumber2, reportesMessages } from '@arb/shared';
import { useRatesHistory } from '../api/get-rates-history';
import { UPlotChart } from './UPlotChart';
import { dayAxis, daySeries, dayX, rateValue } from './day-axis';

const options: Omit<uPlot.Options, 'width'> = {
  height: 200,
  scales: { x: { time: true } },
  axes: [dayAxis, { values: (_u, ticks) => ticks.map((v) => formatNumber2(v)), size: 60 }],
  series: [
    daySeries,
    { label: 'BCV', stroke: '#1565c0', width: 2, spanGaps: true, value: rateValue },
    { label: 'Paralelo', stroke: '#ef6c00', width: 2, spanGaps: true, value: rateValue },
  ],
  tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
};

/**
 * BCV and parallel rates over the month (DESIGN §24's `GET /api/rates/history`). A failure or a
 * missing endpoint shows a Spanish message; a month without any stored rate says so.
 */
export function RatesChart({ desde, hasta }: { desde: string; hasta: string }) {
  const history = useRatesHistory(desde, hasta);
  const dias = history.data?.dias;
  const data = useMemo<uPlot.AlignedData | null>(() => {
    if (!Array.isArray(dias)) return null;
    return [dias.map((d) => dayX(d.fecha)), dias.map((d) => d.oficial ?? null), dias.map((d) => d.paralelo ?? null)];
  }, [dias]);
  const empty = !dias || dias.every((d) => d.oficial == null && d.paralelo == null);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        {reportesMessages.reportesGraficoTasas}
      </Typography>
      {history.isPending ? null : history.isError ? (
        <Alert severity="info">{reportesMessages.reportesErrorTasas}</Alert>
      ) : empty || !data ? (
        <Typography color="textSecondary">{reportesMessages.reportesSinTasas}</Typography>
      ) : (
        <UPlotChart options={options} data={data} label={reportesMessages.reportesGraficoTasas} />
      )}
    </Paper>
  );
}
