/**
 * A pool worker's entry in development (worker-pool.ts: the upload and export pools): plain JavaScript so Node can start it,
 * then the TypeScript body through tsx, as `node --import tsx` runs the server (scripts/start.mjs).
 * The production build runs the compiled `upload-worker.js` instead (decision 0036).
 */
import { register } from 'tsx/esm/api';

register();
await import('./worker-entry.ts');
