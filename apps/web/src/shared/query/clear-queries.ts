let clear: (() => void) | undefined;

/** Called by the query cache's module when it loads (QueryProvider.tsx). */
export function setClearQueries(fn: () => void): void {
  clear = fn;
}

/**
 * Empties the query cache, if one exists yet: at sign-in nothing a previous user read may show to
 * the next one. Synchronous, and without importing TanStack Query (off /login's first load).
 */
export function clearQueries(): void {
  clear?.();
}
