import { ThemeProvider, createTheme } from '@mui/material';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DailyProfit } from '../api/types';
import { DailyProfitChart } from './DailyProfitChart';

const days: DailyProfit[] = [
  { date: '2026-11-18', ganancia_usd: 12, transactionCount: 3 },
  { date: '2026-11-19', ganancia_usd: -5.5, transactionCount: 1 },
  { date: '2026-11-20', ganancia_usd: 0, transactionCount: 2 },
  { date: '2026-11-21', ganancia_usd: 1234.5, transactionCount: 10 },
];

function draw(mode: 'light' | 'dark', data = days) {
  const theme = createTheme({
    palette: {
      mode,
      success: { main: mode === 'light' ? '#2e7d32' : '#66bb6a' },
      error: { main: mode === 'light' ? '#c62828' : '#ef5350' },
    },
  });
  render(
    <ThemeProvider theme={theme}>
      <DailyProfitChart days={data} />
    </ThemeProvider>,
  );
  return theme;
}
const bars = () => within(screen.getByTestId('daily-profit-chart')).getAllByRole('img');

afterEach(cleanup);

describe('DailyProfitChart', () => {
  it('draws one bar per day, oldest first, each named with its es-ES day, amount and count', () => {
    draw('light');
    expect(bars()).toHaveLength(4);
    expect(bars().map((b) => b.getAttribute('aria-label'))).toEqual([
      '18/11/2026: 12,00 USD (3 transacciones)',
      '19/11/2026: -5,50 USD (1 transacción)',
      '20/11/2026: 0,00 USD (2 transacciones)',
      '21/11/2026: 1.234,50 USD (10 transacciones)',
    ]);
    // The same text as a <title>, shown on hover.
    expect(bars()[1]!.querySelector('title')?.textContent).toBe('19/11/2026: -5,50 USD (1 transacción)');
    expect(screen.getByText('Últimos 4 días con actividad')).toBeTruthy();
  });

  it('colours gains (and zero) green and losses red from the theme palette, light and dark', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = draw(mode);
      expect(bars().map((b) => b.getAttribute('fill'))).toEqual([
        theme.palette.success.main,
        theme.palette.error.main,
        theme.palette.success.main,
        theme.palette.success.main,
      ]);
      // Axis text follows the theme's secondary text colour (light text on a dark background).
      const label = within(screen.getByTestId('daily-profit-chart')).getByText('1.000,00');
      expect(label.getAttribute('fill')).toBe(theme.palette.text.secondary);
      cleanup();
    }
  });

  it('grows bars from the zero line: gains above it, losses below it, taller for larger amounts', () => {
    draw('light');
    const [gain, loss, zero, big] = bars().map((b) => ({ y: Number(b.getAttribute('y')), h: Number(b.getAttribute('height')) }));
    const zeroLine = loss!.y; // a loss starts at zero and goes down
    expect(gain!.y + gain!.h).toBeCloseTo(zeroLine, 5);
    expect(big!.y + big!.h).toBeCloseTo(zeroLine, 5);
    expect(big!.h).toBeGreaterThan(gain!.h);
    expect(zero!.h).toBeLessThanOrEqual(1);
  });

  it('labels the axes in es-ES: amounts with a decimal comma, days as dd/mm', () => {
    draw('light');
    const chart = within(screen.getByTestId('daily-profit-chart'));
    // Nice steps (lib/chart-scale.ts): from -5,78 to 1.296,23 in steps of 500.
    expect(chart.getByText('1.000,00')).toBeTruthy();
    expect(chart.getByText('500,00')).toBeTruthy();
    expect(chart.getByText('0,00')).toBeTruthy();
    for (const d of ['18/11', '19/11', '20/11', '21/11']) expect(chart.getByText(d)).toBeTruthy();
  });

  it('a small loss beside a gain has no label of its own over the zero line\'s "0,00" (issue 36)', () => {
    draw('light', [
      { date: '2026-11-20', ganancia_usd: 100, transactionCount: 1 },
      { date: '2026-11-21', ganancia_usd: -1, transactionCount: 1 },
    ]);
    const chart = screen.getByTestId('daily-profit-chart');
    const labels = [...chart.querySelectorAll('g[aria-hidden="true"] text')].map((t) => ({
      text: t.textContent,
      y: Number(t.getAttribute('y')),
    }));
    expect(labels.map((l) => l.text)).toEqual(['0,00', '50,00', '100,00']);
    // A label's line height apart at least (11 units at 640 wide).
    const ys = labels.map((l) => l.y).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(11 * 1.5);
  });

  it('with many days, labels only some of them but always the first and the last', () => {
    const month = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-10-${String(i + 1).padStart(2, '0')}`,
      ganancia_usd: i - 10,
      transactionCount: 1,
    }));
    draw('light', month);
    expect(bars()).toHaveLength(30);
    const chart = within(screen.getByTestId('daily-profit-chart'));
    expect(chart.getByText('01/10')).toBeTruthy();
    expect(chart.getByText('30/10')).toBeTruthy();
    expect(chart.queryByText('02/10')).toBeNull();
  });
});
