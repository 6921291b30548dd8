import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import { formatDayShort, formatNumber2, formatUsd, messages, t } from '@arb/shared';
import type { DailyProfit } from '../api/types';
import { profitScale, shortDayLabel } from '../lib/chart-scale';
import { txCountLabel } from '../lib/labels';

/**
 * The SVG scales to its box, so its units shrink with the screen: on a phone (≈ 300 px wide) a
 * 640-unit drawing made 11-unit labels about 5 px tall (issue 22). Phones get a narrower drawing
 * with larger labels (≈ 12 px on screen) and fewer day labels.
 */
const WIDE = { width: 640, height: 220, font: 11, labels: 6, plot: { left: 64, right: 8, top: 10, bottom: 28 } };
const NARROW = { width: 360, height: 220, font: 15, labels: 4, plot: { left: 74, right: 8, top: 12, bottom: 32 } };

/**
 * Profit in USD per day with activity, as an SVG bar chart drawn by hand (MUI X Charts would
 * cost the history route ~100 KB gzip for one chart). Gains green, losses red, es-ES labels;
 * colours come from the theme palette so the chart reads in dark mode too. Every bar carries
 * its day and amount as a <title> and an aria-label, for screen readers and mouse hover.
 */
export function DailyProfitChart({ days }: { days: DailyProfit[] }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { width: WIDTH, height: HEIGHT, font, labels, plot: PLOT } = narrow ? NARROW : WIDE;
  const plotW = WIDTH - PLOT.left - PLOT.right;
  const plotH = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotW / Math.max(days.length, 1);
  // Bars 70% of their slot, but never wider than 40 units: two days should not look like two walls.
  const barW = Math.min(40, Math.max(2, slot * 0.7));
  // Grid lines at 0 and every nice step, a label's height and a half apart at least: labels at the
  // largest gain and loss themselves overlapped "0,00" when a loss was small (issue 36).
  const values = days.map((d) => d.ganancia_usd);
  const scale = profitScale(values, PLOT.top, plotH, font * 1.5);
  const ticks = scale.ticks;
  const zeroY = scale.y(0);
  // At most ~6 (phone: 4) day labels, always the first and the last.
  const every = Math.max(1, Math.ceil(days.length / labels));
  const axisText = { fill: theme.palette.text.secondary, fontSize: font, fontFamily: theme.typography.fontFamily };

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t('chartSubtitle', { count: days.length })}
      </Typography>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="group" aria-label={messages.chartTitle} data-testid="daily-profit-chart">
        {ticks.map((v) => (
          <g key={v} aria-hidden="true">
            <line
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={scale.y(v)}
              y2={scale.y(v)}
              stroke={theme.palette.divider}
              strokeDasharray={v === 0 ? undefined : '4 4'}
            />
            <text x={PLOT.left - 6} y={scale.y(v)} textAnchor="end" dominantBaseline="middle" {...axisText}>
              {formatNumber2(v)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = PLOT.left + i * slot + (slot - barW) / 2;
          const top = Math.min(scale.y(d.ganancia_usd), zeroY);
          const h = Math.max(1, Math.abs(scale.y(d.ganancia_usd) - zeroY));
          const label = t('chartBar', {
            date: formatDayShort(d.date),
            amount: formatUsd(d.ganancia_usd),
            count: txCountLabel(d.transactionCount),
          });
          const showDay = i % every === 0 || i === days.length - 1;
          return (
            <g key={d.date}>
              <rect
                x={x}
                y={top}
                width={barW}
                height={h}
                rx={2}
                fill={d.ganancia_usd >= 0 ? theme.palette.success.main : theme.palette.error.main}
                role="img"
                aria-label={label}
                data-sign={d.ganancia_usd >= 0 ? 'positive' : 'negative'}
              >
                <title>{label}</title>
              </rect>
              {showDay && (
                <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" aria-hidden="true" {...axisText}>
                  {shortDayLabel(d.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
