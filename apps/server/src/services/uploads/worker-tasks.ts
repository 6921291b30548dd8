import { AppError } from '../../lib/errors.ts';
import { parseBinanceOrders, parseBinancePreview, type ParseOptions } from '../imports/parse-binance.ts';

/**
 * The work an upload may ask of the upload workers (upload-pool.ts), by name. Each task gets the
 * file's bytes and returns plain data (structured clone); it runs in a worker thread, never on the
 * event loop (docs/product.md#upload-limits, decision 0031).
 */
const TASKS = {
  'import-preview': (buf: Buffer, opts: ParseOptions) => parseBinancePreview(buf, opts),
  'import-orders': (buf: Buffer, opts: ParseOptions) => parseBinanceOrders(buf, opts),
} as const;

export type UploadTaskName = keyof typeof TASKS;
export type UploadTaskResult<N extends UploadTaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;

export interface TaskRequest {
  id: number;
  task: UploadTaskName;
  bytes: Uint8Array;
  opts: ParseOptions;
}

export type TaskAnswer =
  | { id: number; ok: true; value: unknown }
  /** An AppError travels as its code and text; anything else as null (the pool answers its own 400). */
  | { id: number; ok: false; error: { code: AppError['code']; message: string } | null };

/** Runs one request; never throws (the worker posts whatever this answers). */
export async function answer(req: TaskRequest): Promise<TaskAnswer> {
  try {
    const buf = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
    return { id: req.id, ok: true, value: await TASKS[req.task](buf, req.opts) };
  } catch (err) {
    return { id: req.id, ok: false, error: err instanceof AppError ? { code: err.code, message: err.message } : null };
  }
}
