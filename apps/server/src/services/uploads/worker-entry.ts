import { parentPort } from 'node:worker_threads';
import { answer, type TaskRequest } from './worker-tasks.ts';

/**
 * An upload worker's body (upload-pool.ts): answers each request and says when it is ready. In
 * development `upload-worker.mjs` loads it through tsx; the production build compiles it to
 * `dist/upload-worker.js` (scripts/build-server.mjs, decision 0036), so the image needs no tsx.
 */
const port = parentPort;
if (!port) throw new Error('worker-entry.ts runs only as an upload worker');
port.on('message', (req: TaskRequest) => {
  void answer(req).then((res) => port.postMessage(res));
});
port.postMessage({ ready: true });
