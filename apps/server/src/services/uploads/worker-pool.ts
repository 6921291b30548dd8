import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import type { PoolKind, TaskFns, TaskInput, TaskRequest, TaskResult, WorkerMessage } from './worker-protocol.ts';

export interface WorkerPoolOptions {
  /** Tasks run at once, each in its own worker thread. */
  workers: number;
  /** Tasks waiting for a worker; one more is refused at once with the pool's `busy` error (503). */
  queue: number;
  /** A task still running after this long fails and its worker is terminated (a fresh one starts for the next). */
  timeoutMs: number;
  /** A worker's old-generation heap (`resourceLimits`); a task that needs more ends its worker only. */
  memoryMb: number;
  /** A worker's young generation: small keeps the peak low, larger collects less often (CPU-bound writers). */
  youngMb?: number;
}

export interface WorkerPoolErrors {
  /** The queue is full (or the pool closed): a Spanish 503 with Retry-After. */
  busy: () => AppError;
  /** The task's worker ended (time limit, heap limit, crash) or the task failed with an unexpected error. */
  failed: (why: string) => Error;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/** What the caller passes beside the input: where the task's streamed bytes go. */
export interface RunOptions {
  /** Each piece of bytes the task emits (a workbook's zip, in order), as it is made. */
  onChunk?: (chunk: Buffer) => void;
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  onChunk: ((chunk: Buffer) => void) | undefined;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
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
 * Every pool runs this one entry; its workers load only their pool's tasks (worker-tasks.ts, by kind).
 */
const WORKER_ENTRY = new URL(import.meta.url.endsWith('.ts') ? './upload-worker.mjs' : './upload-worker.js', import.meta.url);

/** A pool of workers that run the tasks `F` (upload-tasks.ts, export-tasks.ts): their names, inputs and results. */
export interface WorkerPool<F extends TaskFns> {
  /** Runs `task` on `input` (plain data: structured clone) in a worker thread; its result comes back the same way. */
  run<N extends keyof F & string>(task: N, input: TaskInput<F, N>, opts?: RunOptions): Promise<TaskResult<F, N>>;
  /**
   * Other work that runs off the event loop already (an image decode on sharp's threads), held to
   * the same bound: at most `workers` at once and `queue` waiting, else the `busy` error.
   */
  limit<T>(work: () => Promise<T>): Promise<T>;
  /** Starts the workers ahead of the first task (their start-up is ~1 s on this machine); settles when they are ready. */
  warm(): Promise<void>;
  /** Terminates the workers; waiting tasks are refused. */
  close(): Promise<void>;
}

/**
 * How heavy TypeScript work leaves the event loop (decisions 0031, 0057): a few long-lived worker
 * threads with a heap limit, a per-task time limit (the worker is terminated and replaced) and a
 * bounded queue, so no task can hold the event loop or take more than its worker's memory. Uploads
 * (upload-pool.ts) and the Excel exports (services/export/export-pool.ts) are two pools of it, each
 * with its own limits and Spanish refusals; the PDF keeps its plain-JavaScript worker (decision 0050).
 */
export function createWorkerPool<F extends TaskFns>(
  /** Which tasks its workers load (worker-tasks.ts): also the pool's name in the logs. */
  kind: PoolKind,
  o: WorkerPoolOptions,
  errors: WorkerPoolErrors,
  log?: Log,
): WorkerPool<F> {
  const name = kind;
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
      log?.warn({ task: job.task, why }, `${name} refused: its worker ended`);
      job.reject(errors.failed(why));
    }
    pump();
  };

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { kind },
      resourceLimits: { maxOldGenerationSizeMb: o.memoryMb, maxYoungGenerationSizeMb: o.youngMb ?? 8, stackSizeMb: 4 },
    });
    // Idle workers keep no process alive (tests, the CLI); a pending task holds its request open anyway.
    worker.unref();
    let loaded = () => {};
    const slot: Slot = { worker, ready: new Promise((resolve) => (loaded = resolve)), job: null, timer: null };
    worker.once('exit', () => loaded());
    worker.on('message', (msg: WorkerMessage) => {
      if ('ready' in msg) return loaded();
      if (slot.job?.id !== msg.id) return;
      if ('chunk' in msg) {
        slot.job.onChunk?.(Buffer.from(msg.chunk.buffer, msg.chunk.byteOffset, msg.chunk.byteLength));
        return;
      }
      const job = finish(slot)!;
      if (msg.ok) job.resolve(msg.value);
      // A task's own AppError (an unreadable file's 400) travels as its code and text.
      else if (msg.error) job.reject(new AppError(msg.error.code, msg.error.message));
      else {
        log?.warn({ task: job.task }, `${name} refused: its task failed`);
        job.reject(errors.failed('task failed'));
      }
      pump();
    });
    // ERR_WORKER_OUT_OF_MEMORY and any crash: that task fails, the worker is replaced on demand.
    worker.on('error', (err) => drop(slot, (err as { code?: string }).code ?? err.message));
    worker.on('exit', (code) => drop(slot, `exit ${code}`));
    slots.push(slot);
    return slot;
  };

  const dispatch = (slot: Slot, job: Job) => {
    slot.job = job;
    slot.timer = setTimeout(() => {
      log?.warn({ task: job.task, ms: o.timeoutMs }, `${name} refused: time limit`);
      void slot.worker.terminate();
      drop(slot, 'timeout');
    }, o.timeoutMs);
    const req: TaskRequest = { id: job.id, task: job.task, input: job.input };
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
    run(task, input, opts = {}) {
      if (closed) return Promise.reject(errors.busy());
      if (waiting.length >= o.queue && !slots.some((s) => s.job === null) && slots.length >= o.workers)
        return Promise.reject(errors.busy());
      return new Promise((resolve, reject) => {
        waiting.push({ id: nextId++, task, input, onChunk: opts.onChunk, resolve: resolve as (v: unknown) => void, reject });
        pump();
      });
    },
    async limit(work) {
      if (closed) throw errors.busy();
      if (limited < o.workers) limited++;
      else if (limitQueue.length >= o.queue) throw errors.busy();
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
      for (const job of waiting.splice(0)) job.reject(errors.busy());
      await Promise.all([...slots].map((s) => s.worker.terminate()));
    },
  };
}
