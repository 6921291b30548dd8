import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/lib/api-client';
import { messageWithId } from '../../../shared/ui/SuccessSnackbar';

export interface Notice {
  severity: 'success' | 'error';
  text: string;
  /** New for every message, so the same success twice restarts the snackbar's time (SuccessSnackbar). */
  id: number;
}

/** The page's one message: errors in a dismissable banner, successes in a 3 s snackbar (packages/shared/src/errors.ts, packages/shared/src/constants.ts). */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const success = useCallback((text: string) => setNotice({ severity: 'success', ...messageWithId(text) }), []);
  const error = useCallback(
    (err: unknown, fallback: string, connectionFallback?: string) =>
      setNotice({ severity: 'error', ...messageWithId(errorMessage(err, fallback, connectionFallback)) }),
    [],
  );
  const fail = useCallback((text: string) => setNotice({ severity: 'error', ...messageWithId(text) }), []);
  const clear = useCallback(() => setNotice(null), []);
  // One object per notice, so what takes it as a prop (the memoized tools) is not drawn again for nothing.
  return useMemo(() => ({ notice, success, error, fail, clear }), [notice, success, error, fail, clear]);
}

export type NoticeApi = ReturnType<typeof useNotice>;
