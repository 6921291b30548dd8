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

/** Rows between two yields to the event loop: a 3,000-row sheet never holds it for long (decision 0050). */
const ROWS_PER_SLICE = 250;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Sets the columns' widths (formats go per cell: a column style would also dress the heading rows). */
export function setColumns<T>(ws: ExcelJS.Worksheet, columns: readonly Column<T>[]): void {
  ws.columns = columns.map((c) => ({ width: c.width }));
}

/** Writes the header row and one row per item, in slices that give the event loop back to other requests. */
export async function writeTable<T>(ws: ExcelJS.Worksheet, columns: readonly Column<T>[], rows: Iterable<T>): Promise<void> {
  writeRow(
    ws,
    columns.map((c) => c.header),
    { bold: true },
  );
  const formats = columns.map((c) => c.numFmt);
  let n = 0;
  for (const r of rows) {
    writeRow(
      ws,
      columns.map((c) => c.value(r)),
      { formats },
    );
    if (++n % ROWS_PER_SLICE === 0) await yieldToLoop();
  }
}
