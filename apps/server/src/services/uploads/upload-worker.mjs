/**
 * An upload worker's entry (upload-pool.ts): plain JavaScript so Node can start it, then the
 * TypeScript tasks through tsx, as `node --import tsx` runs the server (scripts/start.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { answer } = await import('./worker-tasks.ts');
parentPort.on('message', (req) => {
  void answer(req).then((res) => parentPort.postMessage(res));
});
parentPort.postMessage({ ready: true });
