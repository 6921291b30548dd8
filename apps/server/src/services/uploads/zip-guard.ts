import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_MAX_INFLATED_BYTES, IMPORT_MAX_ZIP_ENTRIES, IMPORT_MAX_ZIP_RATIO, messages } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';

/** Below this inflated size an entry's ratio is not looked at (small XML parts compress oddly). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const END_OF_DIRECTORY = 0x06054b50;

const tooBig = () => new AppError('UPLOAD_REJECTED', messages.importInflatedTooLarge);
const suspicious = () => new AppError('UPLOAD_REJECTED', messages.importZipSuspicious);
const unreadable = () => new AppError('IMPORT_UNREADABLE', messages.importXlsxUnreadable);

export interface ZipLimits {
  maxInflatedBytes: number;
  maxRatio: number;
  maxEntries: number;
}

export const XLSX_LIMITS: ZipLimits = {
  maxInflatedBytes: IMPORT_MAX_INFLATED_BYTES,
  maxRatio: IMPORT_MAX_ZIP_RATIO,
  maxEntries: IMPORT_MAX_ZIP_ENTRIES,
};

function open(buf: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // yauzl 2.10's own size check (validateEntrySizes) is lost on Node 20: its stream's destroy()
    // override swallows the error and the stream never ends. inflatedSize() counts instead.
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: false }, (err, zip) =>
      err || !zip ? reject(unreadable()) : resolve(zip),
    );
  });
}

/** The central directory's entries (yauzl reads it from the end of the file; nothing is inflated). */
function entries(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  if (zip.entryCount > maxEntries) return Promise.reject(suspicious());
  return new Promise((resolve, reject) => {
    const out: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      out.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', () => reject(unreadable()));
    zip.readEntry();
  });
}

function centralDirectoryOffset(buf: Buffer): number {
  // The end record is the last 22 bytes plus a comment of at most 65,535.
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END_OF_DIRECTORY) return buf.readUInt32LE(i + 16);
  }
  throw unreadable();
}

/**
 * The directory must account for every byte before it: each entry's local header, data and data
 * descriptor one after the other from offset 0, with the same sizes as the directory says. A
 * reader that walks local headers (exceljs' unzipper does) then sees exactly the entries checked
 * here, never one hidden between them.
 */
function assertContiguous(buf: Buffer, list: readonly Entry[]): void {
  let cursor = 0;
  for (const e of [...list].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader)) {
    const at = e.relativeOffsetOfLocalHeader;
    if (at !== cursor || at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_HEADER) throw suspicious();
    const dataStart = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    let end = dataStart + e.compressedSize;
    if (e.generalPurposeBitFlag & 0x8) {
      end += end + 4 <= buf.length && buf.readUInt32LE(end) === DATA_DESCRIPTOR ? 16 : 12;
    } else if (buf.readUInt32LE(at + 18) !== e.compressedSize || buf.readUInt32LE(at + 22) !== e.uncompressedSize) {
      throw suspicious();
    }
    cursor = end;
  }
  if (cursor !== centralDirectoryOffset(buf)) throw suspicious();
}

/**
 * Inflates one entry to nowhere, counting: more bytes than its directory declared, or fewer, is a
 * lie (refused), more than `budget` is too big. Nothing is kept.
 */
function inflatedSize(zip: ZipFile, e: Entry, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(e, (err, stream) => {
      if (err || !stream) return reject(unreadable());
      let n = 0;
      const fail = (error: AppError) => {
        stream.removeAllListeners('data');
        stream.destroy();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        n += chunk.length;
        if (n > budget) fail(tooBig());
        else if (n > e.uncompressedSize) fail(suspicious());
      });
      stream.once('end', () => (n === e.uncompressedSize ? resolve(n) : reject(suspicious())));
      stream.once('error', () => reject(suspicious()));
    });
  });
}

/**
 * docs/product.md#upload-limits (decision 0031): a zip upload (an XLSX) is refused before any parser
 * opens it when its directory declares more than `maxInflatedBytes` in all, an entry compressed
 * beyond `maxRatio` to 1, too many entries, encryption, or bytes the directory does not account for.
 * Then every entry is inflated once, counting, so a directory that lies about sizes is caught
 * as soon as an entry outgrows what it declared (nothing inflated is kept).
 */
export async function assertZipWithinLimits(buf: Buffer, limits: ZipLimits = XLSX_LIMITS): Promise<void> {
  const zip = await open(buf);
  try {
    const list = await entries(zip, limits.maxEntries);
    let declared = 0;
    for (const e of list) {
      if (e.generalPurposeBitFlag & 0x1) throw suspicious();
      if (e.compressionMethod !== 0 && e.compressionMethod !== 8) throw suspicious();
      declared += e.uncompressedSize;
      if (declared > limits.maxInflatedBytes) throw tooBig();
      if (e.uncompressedSize > RATIO_FLOOR_BYTES && e.uncompressedSize > e.compressedSize * limits.maxRatio) throw suspicious();
    }
    assertContiguous(buf, list);
    let inflated = 0;
    for (const e of list) inflated += await inflatedSize(zip, e, limits.maxInflatedBytes - inflated);
  } finally {
    zip.close();
  }
}
