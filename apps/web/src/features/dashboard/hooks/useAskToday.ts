import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { todayKey } from '@arb/shared';
import { isPickedDay } from '../../../shared/lib/picked-day';

/**
 * Whether to offer today's record (docs/product.md#screens 'not today' question), asked at most once per day
 * shown, and only when the day did not come from the user's own choice (issue 25):
 * - on first load on a past day from an old link or bookmark, but not after picking that day in
 *   the ledger history (its links carry PICKED_DAY_STATE);
 * - in a tab left open across midnight: the day it showed as today is now past, so it is asked
 *   when the tab is looked at again.
 */
export function useAskToday(date: string): { ask: boolean; dismiss(): void } {
  const { state } = useLocation();
  const [ask, setAsk] = useState(() => date !== todayKey() && !isPickedDay(state));
  const asked = useRef(ask ? date : null);

  useEffect(() => {
    if (date !== todayKey()) return;
    const check = () => {
      if (document.visibilityState !== 'visible' || todayKey() === date || asked.current === date) return;
      asked.current = date;
      setAsk(true);
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [date]);

  return { ask, dismiss: () => setAsk(false) };
}
