import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipFromSegments, plainOf, reusableSegments, segmentsOf, type GzSegment } from './day-answer-gzip.ts';

const answerOf = (head: string, rows: Array<{ json: string }>) => ({
  pieces: { head: `{"h":${JSON.stringify(head)},"rows":[`, rows, tail: ']}' },
  body: Buffer.from(JSON.stringify({ h: head, rows: rows.map((r) => JSON.parse(r.json) as unknown) })),
});

describe('acceptsGzip: what a request admits (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip, deflate, br', true], // Chromium
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip;q=0', false], // refused explicitly
    ['gzip; q=0.000', false],
    ['*', true],
    ['*;q=0', false],
    ['br, *;q=0', false],
    ['gzip;q=0, *', false], // the explicit refusal wins over *
    ['identity', false],
    ['deflate', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('the gzip answer made of separately compressed segments', () => {
  // Rows like the day's (accents and ñ included: byte lengths differ from string lengths).
  const row = fc
    .record({ id: fc.uuid(), notas: fc.oneof(fc.constant(null), fc.string(), fc.constantFrom('Cambió en Maracaibo', 'año €')) })
    .map((r) => ({ json: JSON.stringify({ ...r, venta: 100, tasa_venta: 41.25 }) }));

  it('unzips to the plain answer, byte for byte, after any sequence of appends and changes reusing segments', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 30 }),
        fc.array(fc.tuple(fc.nat({ max: 40 }), fc.array(row, { maxLength: 5 })), { maxLength: 8 }),
        fc.constantFrom(1, 200, 600, 32 * 1024),
        (first, changes, segmentBytes) => {
          let rows = first;
          let segments: readonly GzSegment[] = segmentsOf(rows, [], segmentBytes);
          for (const [at, added] of changes) {
            // The rows before `from` stay the same objects; from `from` on, new rows (an edit, an
            // insert or an append: from = the old length).
            const from = Math.min(at, rows.length);
            rows = [...rows.slice(0, from), ...added];
            segments = segmentsOf(rows, reusableSegments(segments, from, segmentBytes), segmentBytes);
            const { pieces, body } = answerOf(`cambio ${from}`, rows);
            expect(plainOf(pieces).equals(body)).toBe(true);
            expect(gunzipSync(gzipFromSegments(pieces, segments)).equals(body)).toBe(true);
            // Segments tile the rows: each starts where the one before ended.
            segments.forEach((s, i) => expect(s.start).toBe(i === 0 ? 0 : segments[i - 1]!.end));
            expect(segments.at(-1)?.end ?? 0).toBe(rows.length);
          }
        },
      ),
    );
  });

  it('an append compresses only the open segment again: sealed ones are the same buffers', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ json: JSON.stringify({ id: i, notas: 'x'.repeat(100) }) }));
    const before = segmentsOf(rows, [], 1024);
    const sealed = before.filter((s) => s.text.length >= 1024);
    expect(sealed.length).toBeGreaterThan(10);
    const after = segmentsOf([...rows, { json: '{"id":200}' }], reusableSegments(before, rows.length, 1024), 1024);
    // Every sealed segment is reused as the same object; the open last one (if any) is rebuilt.
    sealed.forEach((s, i) => expect(after[i]).toBe(s));
    expect(after.at(-1)!.end).toBe(201);
  });

  it('is much smaller than the plain answer for rows like the day’s', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      json: JSON.stringify({
        id: `0b8c3a52-1d5e-4f7a-9c1b-${String(i).padStart(12, '0')}`,
        ledgerId: '5f2e8c1a-7b3d-4e9f-a2c6-1d8b4e7f3a90',
        fecha: '2026-11-20',
        venta: 50 + (i % 7),
        tasa_venta: 41.1 + (i % 13) / 100,
        ganancia_acumulada_ves_hasta_esta_transaccion: 50 * i,
        createdBy: { id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', user_name: 'Ana María' },
      }),
    }));
    const { pieces, body } = answerOf('cabeza', rows);
    const gz = gzipFromSegments(pieces, segmentsOf(rows, []));
    // These rows repeat more than real ones (22× here; docs/benchmarks.md has the real day's ratio).
    expect(gz.length).toBeLessThan(body.length / 3);
  });
});
