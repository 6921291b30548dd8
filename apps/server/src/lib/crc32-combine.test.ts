import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine.ts';

describe('crc32Combine', () => {
  it('gives the CRC-32 of A then B from those of A and B (any bytes, any lengths)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const whole = crc32(Buffer.concat([a, b]));
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    // [A, B]: the check value of "123456789" is 0xcbf43926 (RFC 3309 / zlib's test), split anywhere.
    ['', '123456789'],
    ['1234', '56789'],
    ['123456789', ''],
  ])('splits the standard check string %j + %j', (a, b) => {
    expect(crc32Combine(crc32(a), crc32(b), Buffer.byteLength(b))).toBe(0xcbf43926);
  });
});
