import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_URL_TTL_SECONDS } from '@arb/shared';

/**
 * Signed image URLs (docs/product.md#reliability-rules): `/api/files/payment-proofs/:id?exp=…&sig=…`, so an <img> or a new
 * tab can open a proof without the Authorization header. The signature is an HMAC-SHA256 of the
 * purpose, the id and the expiry with the server secret; a changed id, expiry or signature fails.
 */
const PURPOSE = 'payment-proof-image';

function signature(secret: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${id}:${exp}`).digest('base64url');
}

export function signProofUrl(secret: string, id: string, now: Date, ttlSeconds = SIGNED_URL_TTL_SECONDS): string {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `/api/files/payment-proofs/${id}?exp=${exp}&sig=${signature(secret, id, exp)}`;
}

/** True only for an unexpired URL signed by this server for this id. */
export function verifyProofSignature(secret: string, id: string, exp: string | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expSeconds = Number(exp);
  if (expSeconds * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, id, expSeconds));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
