/**
 * Which API answers are kept for working offline, and where (docs/product.md#working-offline).
 * One source for the service worker's runtime caching (vite.config.ts) and for the page, which
 * keeps the answers it read before a worker controlled it (api-cache.ts, docs/decisions/0032).
 * Free of imports: the Vite config reads it while it builds.
 */
export const API_CACHE_NAME = 'arb-api-reads';

/**
 * The reads the dashboard, the ledger list and history and Mi Membresía render from: offline,
 * each screen shows its last answer. Matched against a whole URL, as Workbox does.
 */
export const API_READS =
  /\/api\/(ledgers(\/[^/?]+\/(position|pnl|activity|imports))?|transactions\/(balances|dates|history-summary|daily-profit)|rates\/[a-z]+|membership\/(my-membership|my-payment-proofs)|config)(\?.*)?$/;
