import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { KeyedHash } from '../../lib/keyed-hash.ts';

/** RFC 6238 as docs/product.md#account-security fixes it: SHA-1, 6 digits, 30 s steps, ±1 step of clock drift. */
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;
const ISSUER = 'Arbitraje USD/VES';

/** A new 160-bit secret, base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, account: string): string {
  return new TOTP({ issuer: ISSUER, label: account, secret: Secret.fromBase32(secretBase32), digits: DIGITS, period: PERIOD }).toString();
}

/**
 * The time step a code matches (within ±1 step of `nowMs`), or undefined. The caller accepts a
 * step only once (users.totp_last_step), so a code seen by someone else cannot be replayed.
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  let secret: Secret;
  try {
    secret = Secret.fromBase32(secretBase32);
  } catch {
    return undefined;
  }
  const delta = TOTP.validate({ token: code, secret, digits: DIGITS, period: PERIOD, timestamp: nowMs, window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
}

/** A code as typed: spaces and dashes dropped, lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export const isTotpShaped = (code: string) => /^\d{6}$/.test(normalizeCode(code));

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use recovery codes, `xxxxx-xxxxx` (about 49 bits each), shown once. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * The unkeyed digest of a recovery code: what was stored before issue 36, and what the keyed hash
 * is taken over, so a stored old digest can be keyed without its code.
 */
export function recoveryCodeDigest(code: string): string {
  return createHash('sha256')
    .update(`recovery:${normalizeCode(code)}`)
    .digest('hex');
}

/** The prefix of a keyed recovery-code hash; a stored value without it is an old unkeyed digest. */
export const KEYED_RECOVERY_PREFIX = 'h1:';

/** How a stored digest is keyed: `h1:` + HMAC(key, sha256 digest) (docs/decisions/0033-trust-first-security.md). */
export function keyRecoveryDigest(key: KeyedHash, digest: string): string {
  return `${KEYED_RECOVERY_PREFIX}${key(digest)}`;
}

/** Recovery codes are stored only as this keyed hash. */
export function hashRecoveryCode(key: KeyedHash, code: string): string {
  return keyRecoveryDigest(key, recoveryCodeDigest(code));
}
