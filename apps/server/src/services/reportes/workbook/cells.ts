import type ExcelJS from 'exceljs';
import { toBig, toNumber } from '@arb/shared';
import { FORMULA_START, TEXT } from '../../export/daily-workbook.ts';

/** Number formats of the monthly workbook (the day export's, plus dates and percentages). */
export const FMT = {
  usd: '#,##0.00',
  fee: '#,##0.00######',
  rate: '#,##0.0000',
  pct: '0.00',
  int: '0',
  date: 'dd/mm/yyyy',
  time: 'hh:mm',
} as const;

/** A cell's value: numbers, dates, texts or empty — never a formula object. */
export type CellValue = number | string | Date | null;

/** An exact decimal text as a cell number rounded to its scale (null stays empty). */
export const num = (value: string | null | undefined, dp = 2): number | null => (value == null ? null : toNumber(toBig(value), dp));

/** A day key as an Excel date (midnight UTC: exceljs writes a Date's UTC fields, so no zone shifts the day). */
export const dayCell = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * An instant as the wall-clock time of the ledger's zone, as an Excel date-time: Excel has no zones,
 * so the Date's UTC fields carry the local time (what the day screens show).
 */
export function wallClock(iso: string, timeZone: string): Date {
  let f = wallFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23', timeZone });
    wallFormats.set(timeZone, f);
  }
  return new Date(`${f.format(new Date(iso)).replace(' ', 'T')}.000Z`);
}

/**
 * Adds one row of plain values and commits it (streamed out at once). A text that starts like a
 * formula ('=HYPERLINK(…)', '+58…', '-', '@') is a string cell with the Text format, so it stays
 * text even when edited in Excel (DESIGN §25, §28; the day export's rule, issue 36).
 */
export function writeRow(
  ws: ExcelJS.Worksheet,
  values: readonly CellValue[],
  opts: { bold?: boolean; formats?: readonly (string | undefined)[] } = {},
): void {
  const row = ws.addRow(values as CellValue[]);
  if (opts.bold) row.font = { bold: true };
  values.forEach((v, i) => {
    const cell = row.getCell(i + 1);
    if (typeof v === 'string') {
      if (FORMULA_START.test(v)) cell.numFmt = TEXT;
    } else if (v !== null && opts.formats?.[i]) cell.numFmt = opts.formats[i]!;
  });
  row.commit();
}
