import { getStoredUser } from '../lib/session';

/**
 * Answers requested before the screen that reads them has loaded (app/early-dashboard.ts): a
 * signed-in visit to /dashboard starts GET /api/ledgers and the day's balances from the entry
 * module, in parallel with the dashboard's chunks, instead of after them (Lighthouse LCP,
 * docs/decisions/0019-dashboard-first-paint.md). The query that reads a key takes its promise
 * once (its queryFn), so a retry, a refetch or a later visit asks the server again.
 *
 * Free of TanStack Query: the entry module imports it, and /login's weight does not grow.
 */
interface Entry {
  promise: Promise<unknown>;
  /** Whose session asked: another user's answers are never handed over. */
  userId: string | undefined;
  startedAt: number;
  /** The answer, once it has arrived (takeSettled). */
  settled?: { value: unknown; at: number };
}

/** Older than this, an unclaimed answer is asked again: the figures change with every action. */
export const PREFETCH_MAX_AGE_MS = 30_000;

const entries = new Map<string, Entry>();

/** Starts `load` now and keeps its promise under `key` for the query that will read it. */
export function prefetch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const promise = load();
  const entry: Entry = { promise, userId: getStoredUser()?.id, startedAt: Date.now() };
  // Handled here as well: an answer nobody claims (the user left the page) must not surface as
  // an unhandled rejection; the query that claims it still sees the error.
  promise.then(
    (value) => (entry.settled = { value, at: Date.now() }),
    () => undefined,
  );
  entries.set(key, entry);
  return promise;
}

/** Removes the entry under `key` and returns it when it is recent and of the same user (each is handed over once). */
function claim(key: string, now: number): Entry | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  entries.delete(key);
  return now - entry.startedAt > PREFETCH_MAX_AGE_MS || entry.userId !== getStoredUser()?.id ? undefined : entry;
}

/** The promise started under `key`, once, when it is recent and of the same user; otherwise undefined. */
export function takePrefetched<T>(key: string, now = Date.now()): Promise<T> | undefined {
  return claim(key, now)?.promise as Promise<T> | undefined;
}

/**
 * The answer under `key` if it has already arrived (and is recent and of the same user), taken
 * once, with when it arrived: a query's initial data, so the screen's first render has it instead
 * of a render pass of its spinner first (docs/decisions/0025-no-suspense-on-the-first-screen.md).
 * An answer still in flight (or failed) stays for the query's queryFn (takePrefetched).
 */
export function takeSettled<T>(key: string, now = Date.now()): { value: T; at: number } | undefined {
  if (!entries.get(key)?.settled) return undefined;
  return claim(key, now)?.settled as { value: T; at: number } | undefined;
}

/**
 * A query's `initialData` and `initialDataUpdatedAt` from the answer under `key` when it has
 * already arrived (takeSettled); TanStack Query reads them once, when it creates the query.
 */
export function settledInitialData<T>(key: string): { initialData: () => T | undefined; initialDataUpdatedAt: () => number | undefined } {
  let taken: { value: T; at: number } | undefined;
  return {
    initialData: () => (taken = takeSettled<T>(key))?.value,
    initialDataUpdatedAt: () => taken?.at,
  };
}

/** Forgets every unclaimed answer (sign-in and sign-out, with the query cache: clear-queries.ts). */
export function clearPrefetched(): void {
  entries.clear();
}
