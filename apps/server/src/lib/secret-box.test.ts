import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

describe('secretBox (AES-256-GCM, key from JWT_SECRET)', () => {
  const secret = 'x'.repeat(48);
  it('opens what it sealed; the sealed text does not contain the plain one; each seal differs', () => {
    const box = secretBox(secret, 'refresh-grace');
    const a = box.seal('token-123');
    expect(a).not.toContain('token-123');
    expect(box.seal('token-123')).not.toBe(a);
    expect(box.open(a)).toBe('token-123');
  });
  it('another secret, another purpose or a tampered value open to undefined', () => {
    const sealed = secretBox(secret, 'refresh-grace').seal('token-123');
    expect(secretBox('y'.repeat(48), 'refresh-grace').open(sealed)).toBeUndefined();
    expect(secretBox(secret, 'totp').open(sealed)).toBeUndefined();
    const parts = sealed.split('.');
    parts[3] = (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1);
    expect(secretBox(secret, 'refresh-grace').open(parts.join('.'))).toBeUndefined();
    expect(secretBox(secret, 'refresh-grace').open('garbage')).toBeUndefined();
  });
});
