import { messages } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';
import type { ParseOptions } from '../imports/parse-binance.ts';
import type { UploadTaskName, UploadTasks } from './upload-tasks.ts';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from './worker-pool.ts';
import type { TaskResult } from './worker-protocol.ts';

export type UploadPoolOptions = WorkerPoolOptions;

/** docs/product.md#upload-limits, decision 0031: two workers for the two cores, 60 s, a 128 MB heap each. */
export const UPLOAD_POOL_DEFAULTS: UploadPoolOptions = { workers: 2, queue: 8, timeoutMs: 60_000, memoryMb: 128 };

interface Log {
  warn(obj: object, msg: string): void;
}

const rejected = () => new AppError('UPLOAD_REJECTED', messages.uploadRejected);
const busy = () => new AppError('UPLOAD_BUSY', messages.uploadBusy, undefined, { 'retry-after': '5' });

export interface UploadPool extends Pick<WorkerPool<UploadTasks>, 'limit' | 'warm' | 'close'> {
  /** Runs `task` on the file in a worker thread; a hostile file fails alone with a Spanish 4xx. */
  run<N extends UploadTaskName>(task: N, buf: Buffer, opts: ParseOptions): Promise<TaskResult<UploadTasks, N>>;
}

/**
 * The one place upload parsing runs (docs/product.md#upload-limits): a pool of the shared worker
 * machinery (worker-pool.ts) whose refusals are the uploads' own — a file whose worker ends (time,
 * memory, a crash) is a 400 UPLOAD_REJECTED, a full queue a 503 UPLOAD_BUSY.
 */
export function createUploadPool(options: Partial<UploadPoolOptions> = {}, log?: Log): UploadPool {
  const pool = createWorkerPool<UploadTasks>('upload', { ...UPLOAD_POOL_DEFAULTS, ...options }, { busy, failed: rejected }, log);
  return {
    // A copy travels to the worker (the upload's buffer may share a pooled ArrayBuffer).
    run: (task, buf, opts) => pool.run(task, { bytes: new Uint8Array(buf), opts }),
    limit: (work) => pool.limit(work),
    warm: () => pool.warm(),
    close: () => pool.close(),
  };
}
