import { PassThrough, type Readable } from 'node:stream';
import { reportesMessages } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../uploads/worker-pool.ts';
import type { TaskInput } from '../uploads/worker-protocol.ts';
import type { ExportTasks } from './export-tasks.ts';

/**
 * The Excel exports' limits (decision 0057, docs/operations.md#worker-threads): one worker — the
 * PDF has its own and uploads two, on a 2-core machine — a 256 MB heap (the PDF worker's), 30 s
 * per file, and four waiting before a 503, the PDF's rule.
 */
export const EXPORT_POOL_DEFAULTS: WorkerPoolOptions = { workers: 1, queue: 4, timeoutMs: 30_000, memoryMb: 256, youngMb: 16 };

/** The PDF's refusal, word for word: the workbook and the day's Excel are reports too. */
const busy = () => new AppError('SERVICE_UNAVAILABLE', reportesMessages.reporteOcupado, undefined, { 'retry-after': '5' });
const failed = (why: string) => new Error(`export worker: ${why}`);

/** A pool with the exports' refusals; `exportPool()` is the process's one, tests make their own with tiny limits. */
export function createExportPool(options: Partial<WorkerPoolOptions> = {}): WorkerPool<ExportTasks> {
  return createWorkerPool<ExportTasks>('export', { ...EXPORT_POOL_DEFAULTS, ...options }, { busy, failed });
}

let shared: WorkerPool<ExportTasks> | null = null;
/** The process's export pool, started with the first export (its worker is `unref`'d, as the PDF's). */
export const exportPool = (): WorkerPool<ExportTasks> => (shared ??= createExportPool());

/**
 * A workbook written in an export worker (decision 0057), as a stream of its bytes: the main
 * thread only read the data (plain, strings for decimals) and relays the zip's pieces as the
 * worker makes them. Settles once the first piece has come, so a full queue (503), a time or heap
 * limit, or a writer's error before any byte is still a clean JSON error; after that a failure
 * ends the stream with an error (the download is cut, as a failed write always did).
 */
export function streamExport<N extends keyof ExportTasks>(
  task: N,
  input: TaskInput<ExportTasks, N>,
  pool: WorkerPool<ExportTasks> = exportPool(),
): Promise<Readable> {
  const out = new PassThrough();
  return new Promise((resolve, reject) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      resolve(out);
    };
    pool
      .run(task, input, {
        onChunk: (chunk) => {
          // No backpressure to the worker: a workbook is a few hundred KB, buffered here at most.
          out.write(chunk);
          start();
        },
      })
      .then(
        () => {
          out.end();
          start();
        },
        (err: Error) => {
          if (started) out.destroy(err);
          else reject(err);
        },
      );
  });
}
