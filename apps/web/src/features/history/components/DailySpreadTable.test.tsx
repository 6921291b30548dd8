import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { DailySpreadTable } from './DailySpreadTable';

afterEach(() => cleanup());

describe('the history’s daily spread (DESIGN §24)', () => {
  it('lists the days that have a spread, newest first, with their profit', () => {
    render(
      <DailySpreadTable
        days={[
          { date: '2026-11-19', ganancia_usd: 5, transactionCount: 2, diferencial: 2.07 },
          { date: '2026-11-20', ganancia_usd: 3, transactionCount: 1 }, // only sales: no spread
          { date: '2026-11-21', ganancia_usd: -1.5, transactionCount: 2, diferencial: -0.5 },
        ]}
      />,
    );
    const rows = within(screen.getByTestId('daily-spread')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['21/11/2026', '-1,50 USD', '-0,50 %'],
      ['19/11/2026', '5,00 USD', '2,07 %'],
    ]);
  });

  it('says so when no day has both sales and purchases', () => {
    render(<DailySpreadTable days={[{ date: '2026-11-20', ganancia_usd: 3, transactionCount: 1 }]} />);
    expect(screen.getByText('Ningún día con compras y ventas en este periodo')).toBeTruthy();
  });
});
