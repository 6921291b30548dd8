import { useCallback, useEffect, useRef, useState } from 'react';
import { SNACKBAR_HIDE_MS } from '@arb/shared';

export interface Notice {
  severity: 'success' | 'error' | 'info' | 'warning';
  text: string;
}

/** One banner at a time: success hides itself after 3 s (packages/shared/src/constants.ts), errors stay until dismissed. */
export function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: Notice) => {
    clearTimeout(timer.current);
    setNotice(next);
    if (next.severity === 'success') timer.current = setTimeout(() => setNotice(null), SNACKBAR_HIDE_MS);
  }, []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}
