import { API_CACHE_NAME, API_READS } from './api-reads';

/**
 * The cache of the last API reads that renders the signed-in screens offline
 * (docs/product.md#working-offline). The service worker fills it with every read it forwards
 * (vite.config.ts runtimeCaching, network first); the page fills it with the reads the worker did
 * not see (keepRead). Kept apart from the queue so the sign-in screen's bundle does not carry the
 * queue (docs/benchmarks.md).
 */
export { API_CACHE_NAME };

/** No user's answers may be served to the next one: emptied at sign-in and sign-out. */
export async function clearApiCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME);
  } catch {
    /* no cache to clear */
  }
}

/** Whether a request to `url` (relative to the page) is one of the reads kept for offline. */
export function isKeptRead(url: string, base: string = location.href): boolean {
  const full = new URL(url, base);
  return full.origin === new URL(base).origin && API_READS.test(full.href);
}

/**
 * The page keeps an answer itself when no service worker controlled it as it asked
 * (docs/decisions/0032-the-page-keeps-what-the-worker-missed.md). The worker is registered after
 * sign-in, when the page is idle, and takes control once its precache is in: every read of the
 * first dashboard after sign-in, and of a page loaded while the worker was installing (the
 * early start-up's ledgers and day among them), went past it, and a tab opened offline later
 * found no ledgers and showed only "Error de conexión". Asked before any controlling worker,
 * such a read is never in the worker's cache unless the page puts it there.
 */
export function needsKeeping(url: string, method: string): boolean {
  return (
    method === 'GET' &&
    typeof caches !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    !navigator.serviceWorker.controller &&
    isKeptRead(url)
  );
}

/**
 * Puts `answer` (a fresh clone, unread) under `url`, as the worker would have, Date header
 * included ("datos de las HH:MM"). `stillWanted` is asked once the cache is open: an answer that
 * arrives after its user signed out, or after another signed in, is dropped
 * (the cache is emptied at both). Never throws: the cache is a convenience, the answer is the page's.
 */
export async function keepRead(url: string, answer: Response, stillWanted: () => boolean): Promise<void> {
  try {
    if (answer.status !== 200) return;
    const cache = await caches.open(API_CACHE_NAME);
    if (!stillWanted()) return;
    await cache.put(new URL(url, location.href).href, answer);
  } catch {
    /* storage full or unavailable: the screen still has its answer */
  }
}
