import { useMemo } from 'react';
import uPlot from 'uplot';
import { Paper, Typography } from '@mui/material';
import { formatNumber2, type ReporteDiaJson, reportesMessages } from '@arb/shared';
import { UPlotChart } from './UPlotChart';
import { dayAxis, daySeries, dayX } from './day-axis';

/** The whole month on the x axis (half a day of room each side for the bars) and 0 always on the y axis. */
const optionsFor = (desde: string, hasta: string): Omit<uPlot.Options, 'width'> => ({
  height: 200,
  legend: { show: false },
  scales: {
    x: { time: true, range: () => [dayX(desde) - 43_200, dayX(hasta) + 43_200] },
    y: { range: (_u, min, max) => [Math.min(0, min), Math.max(0, max) || 1] },
  },
  axes: [dayAxis, { values: (_u, ticks) => ticks.map((v) => formatNumber2(v)), size: 60 }],
  series: [
    daySeries,
    {
      label: reportesMessages.reportesGraficoGanancia,
      stroke: '#2e7d32',
      fill: 'rgba(46, 125, 50, 0.45)',
      paths: uPlot.paths.bars!({ size: [0.7, 40] }),
      points: { show: false },
    },
  ],
  tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
});

/** The month's profit per day as bars (DESIGN §25); the figures come from the server, rounded for display. */
export function ProfitChart({ dias, desde, hasta }: { dias: ReporteDiaJson[]; desde: string; hasta: string }) {
  const options = useMemo(() => optionsFor(desde, hasta), [desde, hasta]);
  const data = useMemo<uPlot.AlignedData>(() => [dias.map((d) => dayX(d.fecha)), dias.map((d) => d.ganancia_usd)], [dias]);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        {reportesMessages.reportesGraficoGanancia}
      </Typography>
      {dias.length === 0 ? (
        <Typography color="textSecondary">{reportesMessages.reportesSinDatos}</Typography>
      ) : (
        <UPlotChart options={options} data={data} label={reportesMessages.reportesGraficoGanancia} />
      )}
    </Paper>
  );
}
