import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RELOAD_AFTER_DATE_CHANGE_MS, RELOAD_AFTER_LEDGER_CHANGE_MS } from '@arb/shared';
import { balancesQueryKey } from '../api/get-balances';

export interface Selection {
  ledgerId: string | undefined;
  date: string;
}

/**
 * The (ledger, date) whose data is loaded. packages/shared/src/constants.ts: data reloads 100 ms after a date or ledger
 * change, and once more 500 ms after a ledger change (the first pick of a ledger loads at once).
 */
export function useSettledSelection(ledgerId: string | undefined, date: string): Selection {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState<Selection>({ ledgerId, date });
  const previousLedger = useRef(ledgerId);

  useEffect(() => {
    const first = previousLedger.current === undefined;
    const ledgerChanged = previousLedger.current !== ledgerId;
    previousLedger.current = ledgerId;
    // The same selection keeps the same object, so React draws nothing: the dashboard mounts with
    // its selection settled, and a new object 100 ms later redrew the whole dashboard in one
    // blocking render (docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
    const settle = () => setSettled((s) => (s.ledgerId === ledgerId && s.date === date ? s : { ledgerId, date }));
    if (first) {
      settle();
      return;
    }
    const timers = [setTimeout(settle, RELOAD_AFTER_DATE_CHANGE_MS)];
    if (ledgerChanged && ledgerId) {
      timers.push(
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }), RELOAD_AFTER_LEDGER_CHANGE_MS),
      );
    }
    return () => timers.forEach(clearTimeout);
  }, [ledgerId, date, queryClient]);

  return settled;
}
