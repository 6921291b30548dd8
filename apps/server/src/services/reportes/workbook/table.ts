import type ExcelJS from 'exceljs';
import { writeRow, type CellValue } from './cells.ts';

/**
 * One column of a sheet's table: its header, width, number format and how a row gives its value.
 * A sheet is its list of columns, so adding one (say §24's margin) is one entry in one list.
 */
export interface Column<T> {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: T) => CellValue;
}

/**
 * Rows between two yields to the worker's own event loop (decision 0057: the workbook is written in
 * an export worker, decision 0050 sliced it on the main thread): in between, the zip stream
 * deflates what was committed and its pieces go out, so the sheet's text never piles up whole.
 */
const ROWS_PER_SLICE = 50;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sets the columns' widths and number formats: a format set once per column, not once per cell,
 * is what keeps thousands of rows fast (the day export's finding, docs/benchmarks.md). A header
 * text in such a column is still text.
 */
export function setColumns<T>(ws: ExcelJS.Worksheet, columns: readonly Column<T>[]): void {
  ws.columns = columns.map((c) => ({ width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
}

/** Writes the header row and one row per item, in slices that let the zip stream keep up. */
export async function writeTable<T>(ws: ExcelJS.Worksheet, columns: readonly Column<T>[], rows: Iterable<T>): Promise<void> {
  writeRow(
    ws,
    columns.map((c) => c.header),
    { bold: true },
  );
  let n = 0;
  for (const r of rows) {
    writeRow(
      ws,
      columns.map((c) => c.value(r)),
    );
    if (++n % ROWS_PER_SLICE === 0) await yieldToLoop();
  }
}
