import { createStore, get, update } from 'idb-keyval';
import type { QueueStore } from './queue';

/**
 * The queue's IndexedDB (idb-keyval, docs/decisions/0015-offline-queue.md): one key per user, each
 * change a read-modify-write inside one IndexedDB transaction, so two tabs never lose each other's
 * items. It survives a reload and a closed tab; sign-out keeps it for the user's next sign-in.
 */
export function idbStore(): QueueStore {
  const store = createStore('arb-offline', 'queue');
  return {
    get: (key) => get(key, store),
    update: (key, fn) => update(key, fn, store),
  };
}
