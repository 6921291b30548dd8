import { parseBinanceOrders, parseBinancePreview, type ParseOptions } from '../imports/parse-binance.ts';

/** An upload's input: the file's bytes (a copy) and how to read it. */
export interface UploadInput {
  bytes: Uint8Array;
  opts: ParseOptions;
}

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The work an upload may ask of a worker (upload-pool.ts), by name: each task gets the file's bytes
 * and returns plain data; it runs in a worker thread, never on the event loop
 * (docs/product.md#upload-limits, decision 0031). Only upload workers load this module
 * (worker-tasks.ts), at their start, so one warmed at start is ready to read.
 */
export const UPLOAD_TASKS = {
  'import-preview': ({ bytes, opts }: UploadInput) => parseBinancePreview(toBuffer(bytes), opts),
  'import-orders': ({ bytes, opts }: UploadInput) => parseBinanceOrders(toBuffer(bytes), opts),
};

export type UploadTasks = typeof UPLOAD_TASKS;
export type UploadTaskName = keyof UploadTasks;
