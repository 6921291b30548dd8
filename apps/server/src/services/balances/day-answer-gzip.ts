import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { crc32Combine } from '../../lib/crc32-combine.ts';

/**
 * The gzip form of a day's balances answer, kept up to date like the answer itself
 * (docs/decisions/0019). A day's answer grows by about 650 bytes a row, and most changes append
 * one row: compressing the whole answer again on every change would cost more than sending it.
 *
 * A deflate stream is a sequence of blocks, and a block ends byte-aligned after a sync flush; a
 * block compressed on its own only refers back into its own bytes, which the decoder has just
 * written. So independently compressed pieces, each ended with Z_SYNC_FLUSH and only the last with
 * Z_FINISH, concatenate into one valid stream (RFC 1951 §3.2.3-§3.2.4). The answer is
 *   head (figures; changes with every change) + rows (in segments) + `]}`,
 * and the rows are cut into segments of about SEGMENT_BYTES: a segment whose rows are unchanged is
 * reused as it is; only the last, still open segment is compressed again with the new rows. A
 * segment as big as the deflate window (32 KB) loses little against compressing everything at once.
 */

/** Rows are cut into segments of at least this many bytes (the last one may be shorter). */
export const SEGMENT_BYTES = 32 * 1024;
const LEVEL = 6;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]); // deflate, no name, no mtime, OS unknown

/** Rows [start, end) of the day's list, compressed on their own. */
export interface GzSegment {
  start: number;
  end: number;
  /** The segment's JSON text (with the comma that joins it to the rows before), as UTF-8. */
  text: Buffer;
  deflated: Buffer;
  /**
   * The CRC-32 and length of the rows' text up to and including this segment (from the first
   * row): a reused prefix of segments keeps them, so the answer's checksum reads only new text.
   */
  crcThrough: number;
  bytesThrough: number;
}

/** The answer's pieces: the JSON text before the rows, each row's JSON, and the text after. */
export interface AnswerPieces {
  head: string;
  rows: ReadonlyArray<{ json: string }>;
  tail: string;
}

const syncFlushed = (text: string | Buffer) => deflateRawSync(text, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH });

/**
 * The segments still right for a list whose rows before `from` are the same row objects as in the
 * list `segments` were made for: those ending at or before `from`, less an open (short) last one,
 * so that it is compressed again together with the rows appended after it.
 */
export function reusableSegments(segments: readonly GzSegment[], from: number, segmentBytes = SEGMENT_BYTES): GzSegment[] {
  const kept = segments.filter((s) => s.end <= from);
  const last = kept.at(-1);
  if (last && last.text.length < segmentBytes) kept.pop();
  return kept;
}

/** The segments of all rows, reusing `reuse` (a prefix of them) and compressing the rest. */
export function segmentsOf(rows: ReadonlyArray<{ json: string }>, reuse: readonly GzSegment[], segmentBytes = SEGMENT_BYTES): GzSegment[] {
  const segments = [...reuse];
  let start = reuse.at(-1)?.end ?? 0;
  while (start < rows.length) {
    const parts: string[] = [];
    let size = 0;
    let end = start;
    while (end < rows.length && size < segmentBytes) {
      const json = rows[end]!.json;
      parts.push(json);
      size += json.length + 1; // UTF-16 units: a lower bound of the UTF-8 bytes, enough to cut
      end++;
    }
    const text = Buffer.from((start > 0 ? ',' : '') + parts.join(','));
    const before = segments.at(-1);
    segments.push({
      start,
      end,
      text,
      deflated: syncFlushed(text),
      crcThrough: crc32(text, before?.crcThrough ?? 0),
      bytesThrough: (before?.bytesThrough ?? 0) + text.length,
    });
    start = end;
  }
  return segments;
}

/** The answer's JSON: head + rows joined by commas + tail. */
export function plainOf(pieces: AnswerPieces): Buffer {
  return Buffer.from(`${pieces.head}${pieces.rows.map((r) => r.json).join(',')}${pieces.tail}`);
}

/**
 * The gzip file of plainOf(pieces) from the rows' segments, without building that JSON. Its
 * checksum: the head's (it changes with every change, and comes first) combined with the rows'
 * (kept in the last segment) continued over the tail, so no row's text is read again.
 */
export function gzipFromSegments(pieces: AnswerPieces, segments: readonly GzSegment[]): Buffer {
  const head = Buffer.from(pieces.head);
  const tail = Buffer.from(pieces.tail);
  const last = segments.at(-1);
  const rowsAndTail = crc32(tail, last?.crcThrough ?? 0);
  const rowsAndTailBytes = (last?.bytesThrough ?? 0) + tail.length;
  const crc = crc32Combine(crc32(head), rowsAndTail, rowsAndTailBytes);
  const size = head.length + rowsAndTailBytes;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4); // ISIZE: the length modulo 2^32 (RFC 1952 §2.3.1)
  return Buffer.concat([
    GZIP_HEADER,
    syncFlushed(head),
    ...segments.map((s) => s.deflated),
    deflateRawSync(tail, { level: LEVEL }), // Z_FINISH: the stream's last block
    trailer,
  ]);
}

/** An answer kept whole (no rows to reuse): compressed at once. */
export function gzipWhole(body: Buffer): Buffer {
  return gzipSync(body, { level: LEVEL });
}

/**
 * Whether a request's Accept-Encoding admits gzip (RFC 9110 §12.5.3): listed, or `*`, with a
 * quality above 0. Browsers always send it; a client that does not gets the plain answer.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') return allowed;
    if (name.trim() === '*') star = allowed;
  }
  return star;
}
