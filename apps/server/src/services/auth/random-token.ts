import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh, verification and reset tokens (docs/product.md#reliability-rules). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak gives no usable token. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
