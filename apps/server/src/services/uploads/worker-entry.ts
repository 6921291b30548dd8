import { parentPort, workerData } from 'node:worker_threads';
import type { Emit, PoolKind, TaskRequest } from './worker-protocol.ts';
import { answer, loadTasks } from './worker-tasks.ts';

/**
 * A pool worker's body (worker-pool.ts): loads its pool's tasks, answers each request — posting a
 * streamed task's bytes as they come, their buffers transferred, not copied — and says when it is
 * ready. In development `upload-worker.mjs` loads it through tsx; the production build compiles it
 * to `dist/upload-worker.js` (scripts/build-server.mjs, decision 0036), so the image needs no tsx.
 * The upload and export pools run this same entry, each with its own tasks (decision 0057).
 */
const port = parentPort;
if (!port) throw new Error('worker-entry.ts runs only as a pool worker');
// Requests posted meanwhile wait in the port's queue: it starts with the listener below.
const tasks = await loadTasks((workerData as { kind: PoolKind }).kind);
port.on('message', (req: TaskRequest) => {
  const emit: Emit = (chunk) => port.postMessage({ id: req.id, chunk }, [chunk.buffer]);
  void answer(tasks, req, emit).then((res) => port.postMessage(res));
});
port.postMessage({ ready: true });
