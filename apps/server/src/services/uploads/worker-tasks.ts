import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';
import type { DailyWorkbookInput } from '../export/daily-workbook.ts';
import { parseBinanceOrders, parseBinancePreview, type ParseOptions } from '../imports/parse-binance.ts';
import type { MonthReport } from '../reportes/month-report.ts';

/** Hands one piece of a task's bytes to the main thread (posted at once, its buffer transferred). */
export type Emit = (chunk: Uint8Array<ArrayBuffer>) => void;

/** An upload's input: the file's bytes (a copy) and how to read it. */
export interface UploadInput {
  bytes: Uint8Array;
  opts: ParseOptions;
}

/** The month's workbook's input: the report as plain data (strings for decimals) and APP_TIMEZONE. */
export interface MonthWorkbookInput {
  report: MonthReport;
  timeZone: string;
}

/** Pieces of the file posted to the main thread: a few large messages rather than hundreds of small ones. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Sends a stream's bytes to the main thread as it produces them, in pieces of about CHUNK_BYTES.
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
    if (size >= CHUNK_BYTES) flush();
  }
  flush();
  return null;
}

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The work a worker thread may be asked for (worker-pool.ts), by name. Each task gets plain data
 * (structured clone) and returns plain data, or streams bytes through `emit`; it runs in a worker
 * thread, never on the event loop (decisions 0031, 0057). The parsers load with the worker (an
 * upload worker warmed at start is ready to read); the writers load when first asked for, so an
 * upload worker carries no report code.
 */
const TASKS = {
  'import-preview': ({ bytes, opts }: UploadInput) => parseBinancePreview(toBuffer(bytes), opts),
  'import-orders': ({ bytes, opts }: UploadInput) => parseBinanceOrders(toBuffer(bytes), opts),
  /** The month's workbook (DESIGN §25): the zip's bytes through `emit`, as exceljs writes them. */
  'month-xlsx': async ({ report, timeZone }: MonthWorkbookInput, emit: Emit) =>
    emitAll((await import('../reportes/month-workbook.ts')).streamMonthWorkbook(report, timeZone), emit),
  /** The day's workbook (docs/product.md#rates-and-export), likewise. */
  'day-xlsx': async (input: DailyWorkbookInput, emit: Emit) =>
    emitAll((await import('../export/daily-workbook.ts')).streamDailyWorkbook(input), emit),
} as const;

export type TaskName = keyof typeof TASKS;
export type UploadTaskName = 'import-preview' | 'import-orders';
export type ExportTaskName = 'month-xlsx' | 'day-xlsx';
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskResult<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;

export interface TaskRequest {
  id: number;
  task: TaskName;
  input: unknown;
}

export type TaskAnswer =
  | { id: number; ok: true; value: unknown }
  /** An AppError travels as its code and text; anything else as null (the pool answers its own refusal). */
  | { id: number; ok: false; error: { code: AppError['code']; message: string } | null };

/** Runs one request, streaming its bytes through `emit`; never throws (the worker posts whatever this answers). */
export async function answer(req: TaskRequest, emit: Emit): Promise<TaskAnswer> {
  try {
    const run = TASKS[req.task] as (input: unknown, emit: Emit) => Promise<unknown>;
    return { id: req.id, ok: true, value: await run(req.input, emit) };
  } catch (err) {
    return { id: req.id, ok: false, error: err instanceof AppError ? { code: err.code, message: err.message } : null };
  }
}
