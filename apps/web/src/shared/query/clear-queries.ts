import { clearPrefetched } from './prefetched';

let clear: (() => void) | undefined;

/** Called by the query cache's module when it loads (QueryProvider.tsx). */
export function setClearQueries(fn: () => void): void {
  clear = fn;
}

/**
 * Empties the query cache, if one exists yet, and the answers requested ahead of it
 * (prefetched.ts): at sign-in nothing a previous user read may show to the next one.
 * Synchronous, and without importing TanStack Query (off /login's first load).
 */
export function clearQueries(): void {
  clearPrefetched();
  clear?.();
}
