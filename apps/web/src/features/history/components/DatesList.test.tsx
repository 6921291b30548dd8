import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '@arb/shared';
import type { HistoryDate } from '../api/types';
import { renderAt } from '../testing/render';
import { DatesList } from './DatesList';

const many: HistoryDate[] = Array.from({ length: 65 }, (_, i) => {
  const date = addDays('2026-11-21', -i);
  return { date, formattedDate: `día ${date}`, transactionCount: 1 };
});
// querySelectorAll, not getAllByRole: role queries over 60 MUI rows are slow in jsdom.
const links = () => [...screen.getByLabelText('Fechas con transacciones').querySelectorAll('a')];

afterEach(cleanup);

describe('DatesList', () => {
  it("shows 30 days at a time, newest first, and 'Mostrar más fechas' until all are shown", async () => {
    renderAt(<DatesList ledgerId="L1" dates={many} />, '/');
    expect(links()).toHaveLength(30);
    expect(links()[0]!.getAttribute('href')).toBe('/dashboard?ledger=L1&date=2026-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar más fechas' }));
    expect(links()).toHaveLength(60);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar más fechas' }));
    expect(links()).toHaveLength(65);
    expect(links()[64]!.getAttribute('href')).toBe(`/dashboard?ledger=L1&date=${addDays('2026-11-21', -64)}`);
    expect(screen.queryByRole('button', { name: 'Mostrar más fechas' })).toBeNull();
  }, 20_000);

  it("opens the dashboard on the day as the user's own choice, so it does not ask about today (issue 25)", async () => {
    renderAt(<DatesList ledgerId="L1" dates={many.slice(0, 3)} />, '/');
    await userEvent.click(links()[1]!);
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/dashboard?ledger=L1&date=2026-11-20');
    expect(where.getAttribute('data-picked-day')).toBe('true');
  });

  it('a short list has no button', () => {
    renderAt(<DatesList ledgerId="L1" dates={many.slice(0, 3)} />, '/');
    expect(links()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Mostrar más fechas' })).toBeNull();
  });
});
