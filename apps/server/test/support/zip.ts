import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Zip files written by hand for the hostile-upload tests (docs/product.md#upload-limits): a zip
 * library would refuse to write the lies these tests need (a directory declaring the wrong size).
 */
export interface ZipEntry {
  name: string;
  /** The entry's bytes as stored in the zip: raw deflate (`method` 8) or the content (0). */
  stored: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  /** What the directory and the local header say the entry inflates to (a lie when ≠ size). */
  declaredSize?: number;
  /** Written with its local header but left out of the central directory (a hidden entry). */
  hidden?: boolean;
}

export function deflated(name: string, content: string | Buffer): ZipEntry {
  const data = Buffer.from(content);
  return { name, stored: deflateRawSync(data), method: 8, crc: crc32(data), size: data.length };
}

export function stored(name: string, content: string | Buffer): ZipEntry {
  const data = Buffer.from(content);
  return { name, stored: data, method: 0, crc: crc32(data), size: data.length };
}

/**
 * `prefix` + `count` × `unit` + `suffix`, deflated as a stream (never held inflated): a few hundred
 * MB of one repeated text becomes a few hundred KB.
 */
export async function deflatedRun(name: string, prefix: string, unit: string, count: number, suffix: string): Promise<ZipEntry> {
  // One repeated byte: run-length encoding is fast and as small as it gets; a repeated row: plain deflate.
  const deflate = createDeflateRaw(unit.length === 1 ? { level: 9, strategy: constants.Z_RLE } : { level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.once('end', resolve));
  const block = Buffer.from(unit.repeat(Math.max(1, Math.floor((1 << 20) / unit.length))));
  const perBlock = block.length / Buffer.byteLength(unit);
  let crc = crc32(prefix);
  let size = Buffer.byteLength(prefix);
  deflate.write(prefix);
  for (let left = count; left > 0; left -= perBlock) {
    const part = left >= perBlock ? block : Buffer.from(unit.repeat(left));
    crc = crc32(part, crc);
    size += part.length;
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  crc = crc32(suffix, crc);
  size += Buffer.byteLength(suffix);
  deflate.end(suffix);
  await done;
  return { name, stored: Buffer.concat(out), method: 8, crc: crc >>> 0, size };
}

/** A zip of the entries, in order, with local headers, data and a central directory. */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.stored.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, e.stored);
    if (!e.hidden) central.push(dir, name);
    offset += local.length + name.length + e.stored.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = entries.filter((e) => !e.hidden).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Órdenes" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

export const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_END = '</sheetData></worksheet>';
export const STRINGS_START =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
export const STRINGS_END = '</sst>';

/** A workbook of one sheet: the package parts, then the shared strings and the sheet given. */
export function xlsx(sharedStrings: ZipEntry, sheet: ZipEntry): Buffer {
  return zip([
    deflated('[Content_Types].xml', CONTENT_TYPES),
    deflated('_rels/.rels', RELS),
    deflated('xl/workbook.xml', WORKBOOK),
    deflated('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    sharedStrings,
    sheet,
  ]);
}

/** An inline-string cell and a row of them (no shared strings needed). */
export const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
export const row = (n: number, cells: string[]) =>
  `<row r="${n}">${cells.map((c, i) => cell(`${String.fromCharCode(65 + i)}${n}`, c)).join('')}</row>`;
