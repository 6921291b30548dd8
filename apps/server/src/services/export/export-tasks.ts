import type { Readable } from 'node:stream';
import type { MonthReport } from '../reportes/month-report.ts';
import { streamMonthWorkbook } from '../reportes/month-workbook.ts';
import type { Emit } from '../uploads/worker-protocol.ts';
import { streamDailyWorkbook, type DailyWorkbookInput } from './daily-workbook.ts';

/** The month's workbook's input: the report as plain data (strings for decimals) and APP_TIMEZONE. */
export interface MonthWorkbookInput {
  report: MonthReport;
  timeZone: string;
}

/** Pieces of the file posted to the main thread: a few large messages rather than hundreds of small ones. */
const PIECE_BYTES = 64 * 1024;

/**
 * Sends a stream's bytes to the main thread as it produces them, in pieces of about PIECE_BYTES.
 * Each piece is a fresh buffer (never one of Node's pooled slabs) so it can be transferred.
 */
async function emitAll(stream: Readable, emit: Emit): Promise<null> {
  let pending: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    const piece = new Uint8Array(size);
    let at = 0;
    for (const b of pending) {
      piece.set(b, at);
      at += b.length;
    }
    pending = [];
    size = 0;
    emit(piece);
  };
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    pending.push(b);
    size += b.length;
    if (size >= PIECE_BYTES) flush();
  }
  flush();
  return null;
}

/**
 * The Excel exports an export worker writes (export-pool.ts, decision 0057), by name: each gets the
 * data the main thread read and streams the zip's bytes through `emit`. Only export workers load
 * this module (worker-tasks.ts), with the writers.
 */
export const EXPORT_TASKS = {
  /** The month's workbook (DESIGN §25). */
  'month-xlsx': ({ report, timeZone }: MonthWorkbookInput, emit: Emit) => emitAll(streamMonthWorkbook(report, timeZone), emit),
  /** The day's workbook (docs/product.md#rates-and-export). */
  'day-xlsx': (input: DailyWorkbookInput, emit: Emit) => emitAll(streamDailyWorkbook(input), emit),
};

export type ExportTasks = typeof EXPORT_TASKS;
