import { useSyncExternalStore } from 'react';
import { idbStore } from './idb-store';
import { memoryStore, OfflineQueue, type QueuedOp } from './queue';

/**
 * The page's one offline queue and the hooks that read it (docs/product.md#working-offline). The dashboard tells it
 * how to send an item (`setOfflineSender`) and whose queue it is (`useOfflineSync`).
 */
let sender: ((op: QueuedOp) => Promise<void>) | null = null;
let sentHook: ((op: QueuedOp) => void) | null = null;

export const offlineQueue = new OfflineQueue({
  store: typeof indexedDB === 'undefined' ? memoryStore() : idbStore(),
  send: (op) => {
    if (!sender) return Promise.reject(new Error('offline sender not ready'));
    return sender(op);
  },
  onSent: (op) => sentHook?.(op),
  // One tab at a time sends a user's queue (Web Locks; every browser we support has them).
  exclusive: async (name, fn) => {
    if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(name, fn);
    else await fn();
  },
});

export function setOfflineSender(send: (op: QueuedOp) => Promise<void>, onSent: (op: QueuedOp) => void): void {
  sender = send;
  sentHook = onSent;
}

const subscribeOnline = (fn: () => void) => {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
};

/** The browser's own view of the connection (the online/offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The signed-in user's queued items, in order. */
export function usePendingOps(): readonly QueuedOp[] {
  return useSyncExternalStore(
    (fn) => offlineQueue.subscribe(fn),
    () => offlineQueue.snapshot(),
  );
}

/** How often the queue is tried without any event (docs/product.md#working-offline: every 30 s). */
export const FLUSH_INTERVAL_MS = 30_000;

/**
 * Loads this user's queue and sends it: at once (app start), on the online event, and every 30 s.
 * Returns the stop function. The socket's reconnection also calls `offlineQueue.flush(true)`.
 */
export function startOfflineSync(userId: string): () => void {
  let stopped = false;
  void offlineQueue.setUser(userId).then(() => {
    if (!stopped) void offlineQueue.flush(true);
  });
  const online = () => void offlineQueue.flush(true);
  window.addEventListener('online', online);
  const timer = setInterval(() => void offlineQueue.flush(), FLUSH_INTERVAL_MS);
  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    clearInterval(timer);
  };
}
