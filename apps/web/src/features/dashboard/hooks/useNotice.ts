import { useCallback, useState } from 'react';
import { errorMessage } from '../../../shared/lib/api-client';

export interface Notice {
  severity: 'success' | 'error';
  text: string;
}

/** The page's one message: errors in a dismissable banner, successes in a 3 s snackbar (packages/shared/src/errors.ts, packages/shared/src/constants.ts). */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const success = useCallback((text: string) => setNotice({ severity: 'success', text }), []);
  const error = useCallback(
    (err: unknown, fallback: string, connectionFallback?: string) =>
      setNotice({ severity: 'error', text: errorMessage(err, fallback, connectionFallback) }),
    [],
  );
  const fail = useCallback((text: string) => setNotice({ severity: 'error', text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, success, error, fail, clear };
}

export type NoticeApi = ReturnType<typeof useNotice>;
