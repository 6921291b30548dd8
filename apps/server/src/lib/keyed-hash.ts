import { createHmac } from 'node:crypto';
import { purposeKey } from './secret-box.ts';

/**
 * HMAC-SHA256 with a key derived from JWT_SECRET for one purpose (the same derivation as
 * `secretBox`, its own label): what the server only compares, never reads back, e.g. recovery
 * codes (docs/decisions/0033-trust-first-security.md). Without the secret a database copy gives
 * no way to test guesses offline. Hex.
 */
export type KeyedHash = (value: string) => string;

export function keyedHash(jwtSecret: string, purpose: string): KeyedHash {
  const key = purposeKey(jwtSecret, purpose);
  return (value) => createHmac('sha256', key).update(value, 'utf8').digest('hex');
}
