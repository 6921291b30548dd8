import { createHmac } from 'node:crypto';

/**
 * Binance's SIGNED endpoints (docs/decisions/0046-binance-signing-without-sdk.md): the
 * `signature` parameter is the hex HMAC-SHA256 of the exact query string, keyed with the API
 * secret, appended last. Node's crypto does it; no SDK (the official connector is not on our
 * registry, and signing is one line).
 */
export function binanceSignature(secret: string, query: string): string {
  return createHmac('sha256', secret).update(query, 'utf8').digest('hex');
}

/** The query string in the parameters' own order, with its signature appended. */
export function signedQuery(params: ReadonlyArray<readonly [string, string | number]>, secret: string): string {
  const query = new URLSearchParams(params.map(([k, v]): [string, string] => [k, String(v)])).toString();
  return `${query}&signature=${binanceSignature(secret, query)}`;
}
