import type { TransactionInput } from '@arb/shared';
import { ApiError } from '../lib/api-client';

/**
 * The offline queue of docs/product.md#working-offline (docs/decisions/0015-offline-queue.md): operations typed while
 * the connection is down wait here, persisted per user, and are sent strictly in order, each
 * create under the Idempotency-Key it was born with, so an answer lost after the server committed
 * never makes a second row. The queue knows nothing of React or of the HTTP routes: the dashboard
 * gives it the function that sends one operation.
 */

/** A new transaction, exactly the create request's variables (ocurrido_en: docs/product.md#money; the key: docs/product.md#reliability-rules). */
export interface QueuedCreate {
  kind: 'create';
  ledgerId: string;
  /** With the accounts chosen, where the ledger has some (docs/product.md#cuentas-y-movimientos). */
  input: TransactionInput & { cuenta_ves_id?: string | null; cuenta_usd_id?: string | null };
  /** The form's preview (docs/product.md#money), shown on the pending row; the server recomputes it. */
  ganancia: number;
  ocurridoEn: string;
  idempotencyKey: string;
}

/** A verify toggle: sets the state, so sending it twice is harmless. */
export interface QueuedVerify {
  kind: 'verify';
  ledgerId: string;
  /** The transaction's id. */
  id: string;
  esta_verificada: boolean;
}

export type QueuedBody = QueuedCreate | QueuedVerify;

export type QueuedOp = QueuedBody & {
  /** The queue's own id of the item (a create's Idempotency-Key may change with "Editar"). */
  opId: string;
  queuedAt: number;
  /** 'failed' after a 4xx other than 401/429: it waits for "Editar" or "Descartar". */
  status: 'pending' | 'failed';
  error?: string;
  /** Failed tries without an answer that settles it (network, time-out, 429, 5xx). */
  attempts: number;
  /** Not retried before this time (ms) unless the connection has just come back. */
  notBefore: number;
};

/** Where a user's queue is kept: an atomic read-modify-write (IndexedDB in the browser). */
export interface QueueStore {
  get(key: string): Promise<QueuedOp[] | undefined>;
  update(key: string, fn: (old: QueuedOp[] | undefined) => QueuedOp[]): Promise<void>;
}

/** What an error means for a queued item (docs/product.md#working-offline). */
export type Verdict = { retry: true } | { retry: false; error: string } | { stop: true };

export function verdictOf(err: unknown): Verdict {
  if (!(err instanceof ApiError)) return { retry: true };
  // No HTTP answer (offline, time-out), too many requests, or the server failing: wait and retry.
  if (err.status === 0 || err.status === 429 || err.status >= 500) return { retry: true };
  // api() already refreshed and retried once: a 401 here means the session ended. The item stays
  // (it belongs to the user) and goes with their next sign-in.
  if (err.status === 401) return { stop: true };
  return { retry: false, error: err.message };
}

/** 2 s, 4 s, 8 s … at most 60 s between tries of an item that got no settling answer. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

export interface QueueOptions {
  store: QueueStore;
  send(op: QueuedOp): Promise<void>;
  /** After an item went through (the dashboard reloads the day). */
  onSent?(op: QueuedOp): void;
  now?: () => number;
  newId?: () => string;
  /**
   * Runs a flush alone among this user's tabs (the browser's Web Locks in `offline.ts`): two tabs
   * of one user share one stored queue, and without it both could send the same item, or send two
   * toggles of one row out of order. Missing: the flush runs unguarded (tests of one queue).
   */
  exclusive?: (name: string, fn: () => Promise<void>) => Promise<void>;
}

type Listener = () => void;

/** The empty queue: one array, so that showing "nothing" again is no change. */
const NONE: readonly QueuedOp[] = Object.freeze([]);

export class OfflineQueue {
  private userId: string | null = null;
  private items: readonly QueuedOp[] = NONE;
  private listeners = new Set<Listener>();
  private flushing: Promise<void> | null = null;
  private again = false;
  /** Bumped by every change: a read that started before one must not overwrite it. */
  private version = 0;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly opts: QueueOptions) {
    this.now = opts.now ?? Date.now;
    this.newId = opts.newId ?? (() => crypto.randomUUID());
  }

  private key(): string {
    if (!this.userId) throw new Error('offline queue without a user');
    return `queue:${this.userId}`;
  }

  /** The items of the signed-in user, in the order they will be sent. */
  snapshot(): readonly QueuedOp[] {
    return this.items;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Shows `next` and tells the listeners, unless it holds what is already shown. Every reload reads
   * new objects from the store; each new array made React draw the dashboard again, synchronously
   * (useSyncExternalStore), three times on every visit with an empty queue
   * (docs/decisions/0026-the-tools-task-and-a-slower-machine.md).
   */
  private show(next: readonly QueuedOp[]): void {
    if (next === this.items || (next.length === this.items.length && JSON.stringify(next) === JSON.stringify(this.items))) return;
    this.items = next.length === 0 ? NONE : next;
    this.listeners.forEach((fn) => fn());
  }

  /** Reads the queue of this user (null: nobody signed in, the queue shows nothing). */
  async setUser(userId: string | null): Promise<void> {
    if (userId === this.userId) return;
    this.userId = userId;
    this.show(NONE);
    if (userId) await this.reload();
  }

  get user(): string | null {
    return this.userId;
  }

  /** Re-reads the stored queue (another tab may have changed it). */
  async reload(): Promise<void> {
    const user = this.userId;
    if (!user) return;
    const version = this.version;
    const stored = (await this.opts.store.get(this.key())) ?? [];
    if (this.userId !== user || this.version !== version) return;
    this.show(stored);
  }

  private async change(fn: (ops: QueuedOp[]) => QueuedOp[]): Promise<void> {
    const key = this.key();
    let next: QueuedOp[] = [];
    await this.opts.store.update(key, (old) => (next = fn(old ?? [])));
    this.version += 1;
    if (key === `queue:${this.userId}`) {
      this.show(next);
    }
  }

  /** True when a new operation must queue behind others to keep the order (docs/product.md#working-offline). */
  hasPending(): boolean {
    return this.items.some((op) => op.status === 'pending');
  }

  async add(body: QueuedBody): Promise<QueuedOp> {
    const op: QueuedOp = { ...body, opId: this.newId(), queuedAt: this.now(), status: 'pending', attempts: 0, notBefore: 0 };
    await this.change((ops) => [...ops, op]);
    return op;
  }

  /** "Descartar": the item is dropped and never sent. */
  async discard(opId: string): Promise<void> {
    await this.change((ops) => ops.filter((op) => op.opId !== opId));
  }

  /**
   * "Editar" on a rejected create: new values under a NEW Idempotency-Key (the server has seen the
   * old key with the old body and would refuse the new one), queued again in its place.
   */
  async edit(opId: string, patch: Pick<QueuedCreate, 'input' | 'ganancia'>): Promise<void> {
    await this.change((ops) =>
      ops.map((op) =>
        op.opId === opId && op.kind === 'create'
          ? { ...withoutError(op), ...patch, idempotencyKey: this.newId(), status: 'pending', attempts: 0, notBefore: 0 }
          : op,
      ),
    );
  }

  /**
   * Sends what is due, strictly in order: an item that must wait (no answer, 429, 5xx) holds back
   * every later one; a rejected item is marked and the next goes. `force` ignores the backoff
   * (the connection has just come back). One flush at a time; a call during one runs another after.
   */
  flush(force = false): Promise<void> {
    if (this.flushing) {
      this.again ||= force;
      return this.flushing;
    }
    const work = async () => {
      // Inside the lock: what another tab sent meanwhile is already gone from the stored queue.
      await this.reload();
      await this.sendDue(force);
      while (this.again) {
        this.again = false;
        await this.sendDue(true);
      }
    };
    const exclusive = this.opts.exclusive;
    const user = this.userId;
    this.flushing = (async () => {
      try {
        if (exclusive && user) await exclusive(`arb-offline-queue:${user}`, work);
        else await work();
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private async sendDue(force: boolean): Promise<void> {
    const user = this.userId;
    for (;;) {
      // Signed out meanwhile: the rest belongs to that user's next sign-in (docs/product.md#working-offline).
      if (!user || this.userId !== user) return;
      const op = this.items.find((o) => o.status === 'pending');
      if (!op) return;
      if (!force && op.notBefore > this.now()) return;
      let verdict: Verdict | null = null;
      try {
        await this.opts.send(op);
      } catch (err) {
        verdict = verdictOf(err);
      }
      if (verdict === null) {
        await this.change((ops) => ops.filter((o) => o.opId !== op.opId));
        this.opts.onSent?.(op);
      } else if ('stop' in verdict) {
        return;
      } else if (verdict.retry) {
        const attempts = op.attempts + 1;
        const notBefore = this.now() + backoffMs(attempts);
        await this.change((ops) => ops.map((o) => (o.opId === op.opId ? { ...o, attempts, notBefore } : o)));
        return;
      } else {
        const error = verdict.error;
        await this.change((ops) => ops.map((o) => (o.opId === op.opId ? { ...o, status: 'failed', error } : o)));
      }
      // force applies to the first item only: after a success the rest are due anyway.
      force = true;
    }
  }
}

function withoutError(op: QueuedOp): QueuedOp {
  const { error: _gone, ...rest } = op;
  return rest as QueuedOp;
}

/** A store in memory (tests, and browsers without IndexedDB: the queue then lasts the tab). */
export function memoryStore(): QueueStore {
  const data = new Map<string, QueuedOp[]>();
  return {
    get: (key) => Promise.resolve(data.get(key)),
    update: (key, fn) => {
      data.set(key, fn(data.get(key)));
      return Promise.resolve();
    },
  };
}
