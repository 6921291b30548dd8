/**
 * The CRC-32 of A followed by B from the CRC-32s of A and B and the length of B, as zlib's
 * crc32_combine (zlib 1.3, crc32.c: multmodp, x2nmodp), which node:zlib does not expose. Lets a
 * gzip checksum reuse the checksum of unchanged pieces (docs/decisions/0020): combining costs
 * about log2(length of B) small steps instead of reading B's bytes again.
 */
const POLY = 0xedb88320; // CRC-32 (gzip, RFC 1952), reflected

/** a(x)·b(x) modulo the CRC polynomial, in the reflected bit order of the checksum. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X2N: number[] = [0x40000000]; // x^1
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!));

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // Appending lengthB bytes multiplies A's remainder by x^(8·lengthB): 2^3 = 8, hence k = 3.
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
