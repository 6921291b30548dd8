/**
 * The service worker's cache of the dashboard's last API reads (vite.config.ts runtimeCaching):
 * it renders the dashboard offline (docs/product.md#working-offline). The name is the config's; kept apart from the
 * queue so the sign-in screen's bundle does not carry the queue (docs/benchmarks.md).
 */
export const API_CACHE_NAME = 'arb-api-reads';

/** No user's answers may be served to the next one: emptied at sign-in and sign-out. */
export async function clearApiCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME);
  } catch {
    /* no cache to clear */
  }
}
