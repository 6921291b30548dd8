import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@arb/shared';

export interface AccessClaims {
  sub: string;
  role: 'USER' | 'ADMIN';
  /** The login session (docs/product.md#account-security): ending it rejects the token at once. */
  sid: string;
}

export type VerifiedAccess = (AccessClaims & { expired?: false }) | { expired: true } | undefined;

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims, or undefined for a missing, tampered, expired or wrongly signed token. */
  verify(token: string): Promise<VerifiedAccess>;
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * HS256 access JWTs, 15 minutes (docs/product.md#reliability-rules). Tokens are signed with jose; they are verified here
 * with a synchronous HMAC over a key made once, because every authenticated request verifies one
 * and WebCrypto's asynchronous path cost more than the rest of a cached balances read. Only a
 * header of exactly `alg: HS256` is accepted (no `alg: none`, no other algorithm, no `crit`).
 */
export function accessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, now: () => number = Date.now): AccessTokens {
  const signingKey = new TextEncoder().encode(secret);
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  function verifySync(token: string): VerifiedAccess {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [head, body, signature] = parts as [string, string, string];
    if (!BASE64URL.test(head) || !BASE64URL.test(body) || !BASE64URL.test(signature)) return undefined;
    const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const header = decodeJson(head);
    if (!header || header.alg !== 'HS256' || 'crit' in header) return undefined;
    const payload = decodeJson(body);
    if (!payload || typeof payload.sub !== 'string' || (payload.role !== 'USER' && payload.role !== 'ADMIN')) return undefined;
    if (typeof payload.sid !== 'string') return undefined;
    if (typeof payload.exp !== 'number') return undefined;
    if (payload.exp <= Math.floor(now() / 1000)) return { expired: true };
    return { sub: payload.sub, role: payload.role, sid: payload.sid };
  }
  return {
    sign: (claims) =>
      new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(now() / 1000) + ttlSeconds)
        .sign(signingKey),
    verify: async (token) => verifySync(token),
  };
}
