import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { dayOrToday } from '@arb/shared';

export interface DashboardSelection {
  ledger?: string;
  date?: string;
}

/**
 * /dashboard?ledger={id}&date={YYYY-MM-DD}. The date falls back to today (local) when missing or
 * invalid; every change rewrites the query string replacing the history entry (docs/product.md#screens).
 */
export function useDashboardParams() {
  const [params, setParams] = useSearchParams();
  const ledgerParam = params.get('ledger') ?? undefined;
  const dateParam = params.get('date') ?? undefined;
  const date = dayOrToday(dateParam);

  const setSelection = useCallback(
    (next: DashboardSelection) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next.ledger !== undefined) out.set('ledger', next.ledger);
          if (next.date !== undefined) out.set('date', next.date);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { ledgerParam, dateParam, date, setSelection };
}
