import type { AppError } from '../../lib/errors.ts';

/**
 * What the main thread and a pool worker say to each other (worker-pool.ts, worker-entry.ts), and
 * the shape of a task. Types only: the pools import this, never the tasks' code (decision 0057).
 */

/** A pool's kind: which tasks its workers load (worker-tasks.ts), passed to them as `workerData`. */
export type PoolKind = 'upload' | 'export';

/** Hands one piece of a task's bytes to the main thread (posted at once, its buffer transferred). */
export type Emit = (chunk: Uint8Array<ArrayBuffer>) => void;

/** A task takes plain data (structured clone) and answers plain data, or streams bytes through `emit`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each task names its own input type
export type TaskFns = Record<string, (input: any, emit: Emit) => unknown>;

export type TaskInput<F extends TaskFns, N extends keyof F> = Parameters<F[N]>[0];
export type TaskResult<F extends TaskFns, N extends keyof F> = Awaited<ReturnType<F[N]>>;

export interface TaskRequest {
  id: number;
  task: string;
  input: unknown;
}

export type TaskAnswer =
  | { id: number; ok: true; value: unknown }
  /** An AppError travels as its code and text; anything else as null (the pool answers its own refusal). */
  | { id: number; ok: false; error: { code: AppError['code']; message: string } | null };

/** A worker's message: ready, a piece of a task's bytes, or the task's answer. */
export type WorkerMessage = { ready: true } | { id: number; chunk: Uint8Array } | TaskAnswer;
