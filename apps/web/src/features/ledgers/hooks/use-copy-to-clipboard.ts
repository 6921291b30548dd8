import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS, messages } from '@arb/shared';

/** Copies text; `copied` stays true for 2 s (packages/shared/src/constants.ts), `error` carries SPEC's clipboard message. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    setError(null);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } catch {
      setCopied(false);
      setError(messages.clipboardError);
    }
  }, []);

  return { copy, copied, error, clearError: () => setError(null) };
}
