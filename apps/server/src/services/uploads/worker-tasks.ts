import { AppError } from '../../lib/errors.ts';
import { EXPORT_TASKS } from '../export/export-tasks.ts';
import type { Emit, TaskAnswer, TaskFns, TaskRequest } from './worker-protocol.ts';
import { UPLOAD_TASKS } from './upload-tasks.ts';

/**
 * Every task a pool worker knows (worker-entry.ts): the uploads' parsers and the Excel writers.
 * Both pools run the same entry (decision 0057); each asks only for its own tasks.
 */
const TASKS: TaskFns = { ...UPLOAD_TASKS, ...EXPORT_TASKS };

/** Runs one request, streaming its bytes through `emit`; never throws (the worker posts whatever this answers). */
export async function answer(req: TaskRequest, emit: Emit): Promise<TaskAnswer> {
  try {
    const run = TASKS[req.task];
    if (!run) throw new Error(`unknown task ${req.task}`);
    return { id: req.id, ok: true, value: await run(req.input, emit) };
  } catch (err) {
    return { id: req.id, ok: false, error: err instanceof AppError ? { code: err.code, message: err.message } : null };
  }
}
