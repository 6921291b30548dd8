import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@arb/shared';

export interface AccessClaims {
  sub: string;
  role: 'USER' | 'ADMIN';
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** Resolves the claims, or undefined for a missing, tampered, expired or wrongly signed token. */
  verify(token: string): Promise<(AccessClaims & { expired?: false }) | { expired: true } | undefined>;
}

/** HS256 access JWTs, 15 minutes (DESIGN §5). Only HS256 is accepted: `alg: none` is refused. */
export function accessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || (payload.role !== 'USER' && payload.role !== 'ADMIN')) return undefined;
        return { sub: payload.sub, role: payload.role };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) return { expired: true };
        return undefined;
      }
    },
  };
}
