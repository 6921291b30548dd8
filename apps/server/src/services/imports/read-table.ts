import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_ROWS, messages } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';
import type { Cell } from './binance-values.ts';

/** One record of the uploaded table: its 1-based line (CSV) or row (XLSX) number and its cells. */
export interface TableRecord {
  line: number;
  cells: Cell[];
}

export interface Table {
  kind: 'csv' | 'xlsx';
  /** The CSV delimiter (decides the number form, docs/product.md#binance-import); null for XLSX. */
  delimiter: ',' | ';' | null;
  records: AsyncIterable<TableRecord>;
}

const unreadable = (message: string) => new AppError('IMPORT_UNREADABLE', message);

/**
 * Records a table may hold, counted as they are read (never the file's own row numbers): the
 * data rows' limit plus room for title lines, blank rows and repeated headers. The data rows
 * themselves are held to IMPORT_MAX_ROWS by the reader of the export (docs/product.md#upload-limits).
 */
export const MAX_RECORDS = IMPORT_MAX_ROWS + 100;
const tooManyRows = () => unreadable(messages.importTooManyRows);
const cellTooLong = () => unreadable(messages.importCellTooLong);

/** Every record counted and every cell's length held to IMPORT_MAX_CELL_CHARS, whatever the file says. */
async function* bounded(records: AsyncIterable<TableRecord>): AsyncIterable<TableRecord> {
  let n = 0;
  for await (const rec of records) {
    if (++n > MAX_RECORDS) throw tooManyRows();
    for (const c of rec.cells) if (typeof c === 'string' && c.length > IMPORT_MAX_CELL_CHARS) throw cellTooLong();
    yield rec;
  }
}

/** XLSX files are ZIP archives ("PK\x03\x04"); anything else is read as CSV text. */
export function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
}

/** UTF-8 (with or without BOM) as Binance writes it; a file re-saved by a desktop Excel may be Windows-1252. */
function decode(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}

/** `;` when the first non-blank line has more semicolons than commas (Spanish Excel), else `,`. */
function detectDelimiter(text: string): ',' | ';' {
  // Line by line up to the first non-blank one (never a split of the whole file: 1,000,000 lines).
  let first = '';
  for (let at = 0; at < text.length && first.trim() === '';) {
    const end = text.indexOf('\n', at);
    first = text.slice(at, end < 0 ? text.length : end);
    at = end < 0 ? text.length : end + 1;
  }
  const count = (ch: string) => first.split(ch).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function* slices(text: string, size: number): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

function csvTable(buf: Buffer): Table {
  const text = decode(buf);
  const delimiter = detectDelimiter(text);
  async function* records(): AsyncIterable<TableRecord> {
    // A streaming parser (csv-parse) rather than a hand-written splitter: quotes, escaped quotes
    // and CRLF are its job. `info.lines` is the line the record ends on.
    // The text goes in 64 KB slices: given the whole file at once, csv-parse would emit all its
    // records in one go and they would all wait in the stream's buffer (long enough for V8 to
    // promote them, ~100 MB per 20,000-row file); slice by slice, backpressure holds a few hundred.
    const parser = Readable.from(slices(text, 64 * 1024)).pipe(
      parse({
        delimiter,
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        info: true,
        // A record (csv-parse counts the record so far plus the field being read) is stopped
        // while it is read, not after a 10 MB field is whole; each cell is held to its own
        // length by `bounded`.
        max_record_size: IMPORT_MAX_CELL_CHARS * 32,
      }),
    );
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        yield { line: info.lines, cells: record };
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE') throw cellTooLong();
      throw unreadable(messages.importCsvUnreadable);
    }
  }
  return { kind: 'csv', delimiter, records: bounded(records()) };
}

type XlsxValue = ExcelJS.CellValue;

/** A streamed XLSX cell as text, number or date (rich text, formulas and links by their shown value). */
function xlsxCell(v: XlsxValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return xlsxCell(v.result as XlsxValue);
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('error' in v) return null;
  }
  return null;
}

function xlsxTable(buf: Buffer): Table {
  async function* records(): AsyncIterable<TableRecord> {
    // Streaming reader: the sheet is never held whole; rows beyond the cap are refused before
    // they cost memory (counted by `bounded`, not by the row numbers the file writes, which a
    // hostile file repeats). The zip was checked before (services/uploads/zip-guard.ts).
    // Styles are read so date-formatted cells arrive as dates.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    let sheets = 0;
    try {
      for await (const sheet of reader) {
        if (sheets++ > 0) {
          // Only the first sheet is the export; drain the others unread.
          for await (const _ of sheet) void _;
          continue;
        }
        for await (const row of sheet) {
          const values = row.values as XlsxValue[];
          // ExcelJS row values are 1-based (index 0 is empty).
          yield { line: row.number, cells: values.slice(1).map(xlsxCell) };
        }
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unreadable(messages.importXlsxUnreadable);
    }
  }
  return { kind: 'xlsx', delimiter: null, records: bounded(records()) };
}

export function readTable(buf: Buffer): Table {
  return isZip(buf) ? xlsxTable(buf) : csvTable(buf);
}
