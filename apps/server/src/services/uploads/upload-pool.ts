import { Worker } from 'node:worker_threads';
import { messages } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';
import type { ParseOptions } from '../imports/parse-binance.ts';
import type { TaskAnswer, TaskRequest, UploadTaskName, UploadTaskResult } from './worker-tasks.ts';

export interface UploadPoolOptions {
  /** Files parsed at once, each in its own worker thread. */
  workers: number;
  /** Files waiting for a worker; one more is refused at once with UPLOAD_BUSY (503). */
  queue: number;
  /** A file still being read after this long is refused and its worker terminated. */
  timeoutMs: number;
  /** A worker's old-generation heap (`resourceLimits`); a file that needs more ends its worker only. */
  memoryMb: number;
}

/** docs/product.md#upload-limits, decision 0031: two workers for the two cores, 60 s, a 128 MB heap each. */
export const UPLOAD_POOL_DEFAULTS: UploadPoolOptions = { workers: 2, queue: 8, timeoutMs: 60_000, memoryMb: 128 };

interface Log {
  warn(obj: object, msg: string): void;
}

interface Job {
  id: number;
  task: UploadTaskName;
  bytes: Uint8Array;
  opts: ParseOptions;
  resolve: (value: unknown) => void;
  reject: (err: AppError) => void;
}

interface Slot {
  worker: Worker;
  /** Settles when the worker has loaded its tasks (or ended). */
  ready: Promise<void>;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The worker's entry: the compiled `upload-worker.js` beside the production bundle (this module is
 * then `dist/main.js`, decision 0036), else the development entry that loads the TypeScript through tsx.
 */
const WORKER_ENTRY = new URL(import.meta.url.endsWith('.ts') ? './upload-worker.mjs' : './upload-worker.js', import.meta.url);

const rejected = () => new AppError('UPLOAD_REJECTED', messages.uploadRejected);
const busy = () => new AppError('UPLOAD_BUSY', messages.uploadBusy, undefined, { 'retry-after': '5' });

export interface UploadPool {
  /** Runs `task` on the file in a worker thread; a hostile file fails alone with a Spanish 4xx. */
  run<N extends UploadTaskName>(task: N, buf: Buffer, opts: ParseOptions): Promise<UploadTaskResult<N>>;
  /**
   * Other upload work that runs off the event loop already (an image decode on sharp's threads),
   * held to the same bound: at most `workers` at once and `queue` waiting, else UPLOAD_BUSY.
   */
  limit<T>(work: () => Promise<T>): Promise<T>;
  /** Starts the workers ahead of the first upload (their start-up is ~1 s on this machine); settles when they are ready. */
  warm(): Promise<void>;
  /** Terminates the workers; waiting uploads are refused. */
  close(): Promise<void>;
}

/**
 * The one place upload parsing runs (docs/product.md#upload-limits): a few long-lived worker threads
 * with a heap limit, a per-file time limit (the worker is terminated and replaced) and a bounded
 * queue, so no file can hold the event loop or take more than its worker's memory.
 */
export function createUploadPool(options: Partial<UploadPoolOptions> = {}, log?: Log): UploadPool {
  const o = { ...UPLOAD_POOL_DEFAULTS, ...options };
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;
  let limited = 0;
  const limitQueue: (() => void)[] = [];

  const finish = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    return job;
  };

  const drop = (slot: Slot, why: string) => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    const job = finish(slot);
    if (job) {
      log?.warn({ task: job.task, why }, 'upload refused: its worker ended');
      job.reject(rejected());
    }
    pump();
  };

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_ENTRY, {
      resourceLimits: { maxOldGenerationSizeMb: o.memoryMb, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
    });
    // Idle workers keep no process alive (tests, the CLI); a pending upload holds its request open anyway.
    worker.unref();
    let loaded = () => {};
    const slot: Slot = { worker, ready: new Promise((resolve) => (loaded = resolve)), job: null, timer: null };
    worker.once('exit', () => loaded());
    worker.on('message', (msg: TaskAnswer | { ready: true }) => {
      if ('ready' in msg) return loaded();
      if (slot.job?.id !== msg.id) return;
      const job = finish(slot)!;
      if (msg.ok) job.resolve(msg.value);
      else if (msg.error) job.reject(new AppError(msg.error.code, msg.error.message));
      else {
        log?.warn({ task: job.task }, 'upload refused: its parser failed');
        job.reject(rejected());
      }
      pump();
    });
    // ERR_WORKER_OUT_OF_MEMORY and any crash: that file is refused, the worker replaced on demand.
    worker.on('error', (err) => drop(slot, (err as { code?: string }).code ?? err.message));
    worker.on('exit', (code) => drop(slot, `exit ${code}`));
    slots.push(slot);
    return slot;
  };

  const dispatch = (slot: Slot, job: Job) => {
    slot.job = job;
    slot.timer = setTimeout(() => {
      log?.warn({ task: job.task, ms: o.timeoutMs }, 'upload refused: time limit');
      void slot.worker.terminate();
      drop(slot, 'timeout');
    }, o.timeoutMs);
    const req: TaskRequest = { id: job.id, task: job.task, bytes: job.bytes, opts: job.opts };
    slot.worker.postMessage(req);
  };

  function pump() {
    while (!closed && waiting.length > 0) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < o.workers ? spawn() : undefined);
      if (!slot) return;
      dispatch(slot, waiting.shift()!);
    }
  }

  return {
    run(task, buf, opts) {
      if (closed) return Promise.reject(busy());
      if (waiting.length >= o.queue && !slots.some((s) => s.job === null) && slots.length >= o.workers) return Promise.reject(busy());
      return new Promise((resolve, reject) => {
        // A copy travels to the worker (the upload's buffer may share a pooled ArrayBuffer).
        waiting.push({ id: nextId++, task, bytes: new Uint8Array(buf), opts, resolve: resolve as (v: unknown) => void, reject });
        pump();
      });
    },
    async limit(work) {
      if (closed) throw busy();
      if (limited < o.workers) limited++;
      else if (limitQueue.length >= o.queue) throw busy();
      // A finished one hands its place over (the count stays), so none can slip in between.
      else await new Promise<void>((resolve) => limitQueue.push(resolve));
      try {
        return await work();
      } finally {
        const next = limitQueue.shift();
        if (next) next();
        else limited--;
      }
    },
    async warm() {
      while (!closed && slots.length < o.workers) spawn();
      await Promise.all(slots.map((s) => s.ready));
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(busy());
      await Promise.all([...slots].map((s) => s.worker.terminate()));
    },
  };
}
