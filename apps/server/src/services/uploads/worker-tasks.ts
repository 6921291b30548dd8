import { AppError } from '../../lib/errors.ts';
import type { Emit, PoolKind, TaskAnswer, TaskFns, TaskRequest } from './worker-protocol.ts';

/**
 * Each pool's tasks, by the pool's kind (worker-pool.ts passes it as `workerData`): a worker loads
 * only its own pool's code — an upload worker the parsers, an export worker the Excel writers —
 * so neither carries the other's memory (decision 0057: ~75 MB of RSS for a worker that loaded
 * both through tsx, ~20 MB for one with exceljs alone).
 */
const LOADERS: Record<PoolKind, () => Promise<TaskFns>> = {
  upload: async (): Promise<TaskFns> => (await import('./upload-tasks.ts')).UPLOAD_TASKS,
  export: async (): Promise<TaskFns> => (await import('../export/export-tasks.ts')).EXPORT_TASKS,
};

export const loadTasks = (kind: PoolKind): Promise<TaskFns> => LOADERS[kind]();

/** Runs one request, streaming its bytes through `emit`; never throws (the worker posts whatever this answers). */
export async function answer(tasks: TaskFns, req: TaskRequest, emit: Emit): Promise<TaskAnswer> {
  try {
    const run = tasks[req.task];
    if (!run) throw new Error(`unknown task ${req.task}`);
    return { id: req.id, ok: true, value: await run(req.input, emit) };
  } catch (err) {
    return { id: req.id, ok: false, error: err instanceof AppError ? { code: err.code, message: err.message } : null };
  }
}
