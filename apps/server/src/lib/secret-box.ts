import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back but never store readable (docs/product.md#account-security): the 10 s grace
 * successor of a refresh token and TOTP secrets. AES-256-GCM with a key derived from JWT_SECRET by
 * HKDF-SHA256, one key per purpose, so a database copy (a backup) holds nothing usable without
 * the secret. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); a wrong key or a tampered value
 * opens to undefined.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string | undefined;
}

/** A 256-bit key for one purpose, derived from JWT_SECRET by HKDF-SHA256 with the label `arb:<purpose>`. */
export function purposeKey(jwtSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(jwtSecret, 'utf8'), Buffer.alloc(0), `arb:${purpose}`, 32));
}

export function secretBox(jwtSecret: string, purpose: string): SecretBox {
  const key = purposeKey(jwtSecret, purpose);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
