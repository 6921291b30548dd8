import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyedHash } from '../../lib/keyed-hash.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeDigest } from './totp.ts';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (base32 below). The RFC prints 8 digits;
// a 6-digit code is the last 6 of them (the truncation is mod 10^digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const vectors: [unixSeconds: number, rfc8: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, 30 s, 6 digits, ±1 step)', () => {
  it.each(vectors)('at T=%i the code %s (last 6 digits) matches its own step', (t, rfc8) => {
    expect(matchTotp(RFC_SECRET, rfc8.slice(2), t * 1000)).toBe(Math.floor(t / 30));
  });

  it('accepts the previous and next step, refuses two steps away and malformed codes', () => {
    const code = '287082'; // step 1 (T=59)
    expect(matchTotp(RFC_SECRET, code, 59_000 + 30_000)).toBe(1); // one step later: still step 1
    expect(matchTotp(RFC_SECRET, code, 59_000 + 60_000)).toBeUndefined(); // two steps later
    expect(matchTotp(RFC_SECRET, '28708', 59_000)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, 'abcdef', 59_000)).toBeUndefined();
    expect(matchTotp('not base32 !!', '287082', 59_000)).toBeUndefined();
  });

  it('a new secret is 160-bit base32 and its otpauth URL names the issuer and the account', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    const url = otpauthUrl(s, 'ana@example.com');
    expect(url).toMatch(/^otpauth:\/\/totp\//);
    expect(url).toContain(`secret=${s}`);
    expect(decodeURIComponent(url)).toContain('Arbitraje USD/VES');
  });

  it('an independent HMAC-SHA1 implementation agrees with the vectors (the API tests use it)', () => {
    const key = Buffer.from('12345678901234567890');
    for (const [t, rfc8] of vectors) {
      const counter = Buffer.alloc(8);
      counter.writeBigUInt64BE(BigInt(Math.floor(t / 30)));
      const mac = createHmac('sha1', key).update(counter).digest();
      const offset = mac[19]! & 0xf;
      const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** 8;
      expect(String(bin).padStart(8, '0')).toBe(rfc8);
    }
  });

  it('recovery codes: ten distinct xxxxx-xxxxx; the hash ignores case, spaces and the dash', () => {
    const codes = newRecoveryCodes(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const key = keyedHash('x'.repeat(32), 'recovery-codes');
    expect(hashRecoveryCode(key, codes[0]!)).toBe(hashRecoveryCode(key, ` ${codes[0]!.toUpperCase().replace('-', ' ')} `));
    expect(hashRecoveryCode(key, codes[0]!)).not.toBe(hashRecoveryCode(key, codes[1]!));
  });

  it('recovery codes are keyed (issue 36): another server secret gives another hash; none is the bare SHA-256', () => {
    const [code] = newRecoveryCodes(1);
    const mine = hashRecoveryCode(keyedHash('a'.repeat(32), 'recovery-codes'), code!);
    expect(mine).toMatch(/^h1:[0-9a-f]{64}$/);
    expect(mine).not.toContain(recoveryCodeDigest(code!));
    expect(hashRecoveryCode(keyedHash('b'.repeat(32), 'recovery-codes'), code!)).not.toBe(mine);
    // Its own label: the same secret for another purpose keys differently.
    expect(hashRecoveryCode(keyedHash('a'.repeat(32), 'other'), code!)).not.toBe(mine);
  });
});
