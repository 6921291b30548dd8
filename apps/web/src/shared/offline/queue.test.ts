import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { idbStore } from './idb-store';
import { backoffMs, memoryStore, OfflineQueue, verdictOf, type QueuedBody, type QueuedOp, type QueueStore } from './queue';

const fecha = '2026-11-23';
const create = (venta: string, key: string): QueuedBody => ({
  kind: 'create',
  ledgerId: 'L1',
  input: { venta, tasa_venta: '40.0000', compra: '0', tasa_compra: '0', comision_usd: '', notas: '', fecha },
  ganancia: 0,
  ocurridoEn: '2026-11-23T12:00:00.000Z',
  idempotencyKey: key,
});
const network = () => new ApiError('Error de conexión al procesar la solicitud', 0, 'NETWORK');
const http = (status: number, message = `HTTP ${status}`) => new ApiError(message, status, `HTTP_${status}`);

/**
 * A server that keeps rows by Idempotency-Key like ours (docs/product.md#reliability-rules): the same key answers the row
 * it already made. `script` decides, per call, to answer, to fail, or to commit and lose the answer.
 */
function fakeServer(script: Array<'ok' | 'lost' | Error> = []) {
  const rows = new Map<string, string>();
  const calls: string[] = [];
  const send = (op: QueuedOp): Promise<void> => {
    const step = script.shift() ?? 'ok';
    const key = op.kind === 'create' ? op.idempotencyKey : `verify:${op.id}`;
    calls.push(op.kind === 'create' ? String(op.input.venta) : key);
    if (step instanceof Error) return Promise.reject(step);
    if (!rows.has(key)) rows.set(key, op.kind === 'create' ? String(op.input.venta) : String(op.esta_verificada));
    // 'lost': committed above, but the answer never reaches the browser.
    return step === 'lost' ? Promise.reject(network()) : Promise.resolve();
  };
  return { rows, calls, send };
}

function queueOn(store: QueueStore, send: (op: QueuedOp) => Promise<void>, clock = { now: 1_000_000 }) {
  let n = 0;
  return new OfflineQueue({ store, send, now: () => clock.now, newId: () => `id-${++n}` });
}

describe('verdictOf: what an error means for a queued item (docs/product.md#working-offline)', () => {
  it.each([
    ['no answer (offline)', network(), { retry: true }],
    ['time-out', new ApiError('t', 0, 'TIMEOUT'), { retry: true }],
    ['429', http(429), { retry: true }],
    ['500', http(500), { retry: true }],
    ['503', http(503), { retry: true }],
    ['401 after the refresh', http(401), { stop: true }],
    ['400', http(400, 'Datos inválidos'), { retry: false, error: 'Datos inválidos' }],
    ['403', http(403, 'Sin permiso'), { retry: false, error: 'Sin permiso' }],
    ['422', http(422, 'Clave usada'), { retry: false, error: 'Clave usada' }],
    ['a thrown non-API error', new TypeError('x'), { retry: true }],
  ])('%s', (_name, err, verdict) => {
    expect(verdictOf(err)).toEqual(verdict);
  });
});

describe('backoffMs', () => {
  // 2 s · 2^(attempts−1), at most 60 s: 2, 4, 8, 16, 32, 60 (64 capped), 60.
  it.each([
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [5, 32_000],
    [6, 60_000],
    [20, 60_000],
  ])('attempt %i waits %i ms', (attempts, ms) => {
    expect(backoffMs(attempts)).toBe(ms);
  });
});

describe('OfflineQueue', () => {
  it('sends in the order the items were queued and empties itself', async () => {
    const server = fakeServer();
    const q = queueOn(memoryStore(), server.send);
    await q.setUser('u1');
    await q.add(create('10', 'k1'));
    await q.add(create('20', 'k2'));
    await q.add(create('30', 'k3'));
    await q.flush(true);
    expect(server.calls).toEqual(['10', '20', '30']);
    expect(q.snapshot()).toEqual([]);
  });

  it('tells its listeners only of a change: an empty queue read again, or the same items read again, is none (decision 0026)', async () => {
    const q = queueOn(idbStore(), () => Promise.reject(network()));
    let told = 0;
    q.subscribe(() => told++);
    // A visit with nothing queued: sign-in, the first read, the first flush's read.
    const before = q.snapshot();
    await q.setUser('quiet-user');
    await q.flush(true);
    expect(told).toBe(0);
    expect(q.snapshot()).toBe(before);
    // An item is a change; reading it back unchanged (the 30-second flush, another tab) is not.
    await q.add(create('5', 'k5'));
    expect(told).toBe(1);
    const shown = q.snapshot();
    await q.reload();
    expect(told).toBe(1);
    expect(q.snapshot()).toBe(shown);
    // A failed attempt (counted, held back) is a change.
    await q.flush(true);
    expect(told).toBe(2);
    expect(q.snapshot()[0]?.attempts).toBe(1);
  });

  it('survives a reload: a new page reads the same items from IndexedDB, in order; another user sees none', async () => {
    const sent: string[] = [];
    const first = queueOn(idbStore(), () => Promise.reject(network()));
    await first.setUser('reload-user');
    await first.add(create('1', 'a'));
    await first.add(create('2', 'b'));
    await first.add({ kind: 'verify', ledgerId: 'L1', id: 'tx9', esta_verificada: true });

    // "Reload": a new queue over a new connection to the same database.
    const second = queueOn(idbStore(), (op) => {
      sent.push(op.kind === 'create' ? op.idempotencyKey : op.id);
      return Promise.resolve();
    });
    await second.setUser('someone-else');
    expect(second.snapshot()).toEqual([]);
    await second.flush(true);
    expect(sent).toEqual([]);

    await second.setUser('reload-user');
    expect(second.snapshot().map((op) => op.kind)).toEqual(['create', 'create', 'verify']);
    await second.flush(true);
    expect(sent).toEqual(['a', 'b', 'tx9']);
    expect(await idbStore().get('queue:reload-user')).toEqual([]);
  });

  it('exactly once: an answer lost after the server committed is retried under the same key, and one row exists', async () => {
    const server = fakeServer(['lost', 'ok']);
    const q = queueOn(memoryStore(), server.send);
    await q.setUser('u1');
    await q.add(create('50', 'born-with-this-key'));
    await q.flush(true);
    expect(q.snapshot()).toHaveLength(1); // no answer: still queued
    expect(server.rows.size).toBe(1); // … though the server has it
    await q.flush(true);
    expect(server.calls).toEqual(['50', '50']);
    expect([...server.rows.keys()]).toEqual(['born-with-this-key']);
    expect(q.snapshot()).toEqual([]);
  });

  it('a 4xx marks the item "failed" with the server text and does not hold back the next ones', async () => {
    const server = fakeServer(['ok', http(403, 'No tienes permiso para esta acción'), 'ok']);
    const q = queueOn(memoryStore(), server.send);
    await q.setUser('u1');
    await q.add(create('1', 'k1'));
    await q.add(create('2', 'k2'));
    await q.add(create('3', 'k3'));
    await q.flush(true);
    expect(server.calls).toEqual(['1', '2', '3']);
    expect(q.snapshot()).toMatchObject([{ idempotencyKey: 'k2', status: 'failed', error: 'No tienes permiso para esta acción' }]);
    // A failed item is not sent again by itself.
    await q.flush(true);
    expect(server.calls).toHaveLength(3);
  });

  it('"Editar" resends a failed create under a new key; "Descartar" drops it unsent', async () => {
    const server = fakeServer([http(422, 'Datos inválidos'), http(422, 'Datos inválidos'), 'ok']);
    const q = queueOn(memoryStore(), server.send);
    await q.setUser('u1');
    const a = await q.add(create('1', 'old-key'));
    const b = await q.add(create('2', 'other'));
    await q.flush(true);
    expect(q.snapshot().map((op) => op.status)).toEqual(['failed', 'failed']);
    await q.edit(a.opId, { input: { ...(a as QueuedOp & { kind: 'create' }).input, venta: '5' }, ganancia: 1 });
    const edited = q.snapshot()[0] as QueuedOp & { kind: 'create' };
    expect(edited).toMatchObject({ status: 'pending', attempts: 0, ganancia: 1 });
    expect(edited.idempotencyKey).not.toBe('old-key');
    expect(edited).not.toHaveProperty('error');
    await q.discard(b.opId);
    await q.flush(true);
    expect(server.calls).toEqual(['1', '2', '5']);
    expect([...server.rows.keys()]).toEqual([edited.idempotencyKey]);
    expect(q.snapshot()).toEqual([]);
  });

  it.each([
    ['no answer', network()],
    ['429', http(429)],
    ['500', http(500)],
  ])('%s keeps the item queued with backoff, and the later items wait behind it', async (_name, err) => {
    const clock = { now: 1_000_000 };
    const server = fakeServer([err, err, 'ok', 'ok']);
    const q = queueOn(memoryStore(), server.send, clock);
    await q.setUser('u1');
    await q.add(create('1', 'k1'));
    await q.add(create('2', 'k2'));
    await q.flush(true);
    expect(server.calls).toEqual(['1']); // strict order: '2' was not tried
    expect(q.snapshot()[0]).toMatchObject({ status: 'pending', attempts: 1, notBefore: 1_000_000 + 2_000 });

    clock.now += 1_999; // the 30 s timer's flush before the backoff ends: nothing goes
    await q.flush();
    expect(server.calls).toEqual(['1']);

    clock.now += 1; // due: tried again, fails again, waits 4 s now
    await q.flush();
    expect(q.snapshot()[0]).toMatchObject({ attempts: 2, notBefore: clock.now + 4_000 });

    await q.flush(true); // the connection came back: the backoff is skipped
    expect(server.calls).toEqual(['1', '1', '1', '2']);
    expect(q.snapshot()).toEqual([]);
  });

  it('a 401 (the session ended) stops the flush and keeps every item for the next sign-in', async () => {
    const server = fakeServer([http(401)]);
    const q = queueOn(memoryStore(), server.send);
    await q.setUser('u1');
    await q.add(create('1', 'k1'));
    await q.add(create('2', 'k2'));
    await q.flush(true);
    expect(server.calls).toEqual(['1']);
    expect(q.snapshot().map((op) => [op.status, op.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('the queue belongs to the user: sign-out hides it, the same user gets it back', async () => {
    const store = memoryStore();
    const server = fakeServer();
    const q = queueOn(store, server.send);
    await q.setUser('ana');
    await q.add(create('1', 'k1'));
    await q.setUser(null);
    expect(q.snapshot()).toEqual([]);
    await q.setUser('beto');
    await q.flush(true);
    expect(server.calls).toEqual([]);
    await q.setUser('ana');
    expect(q.snapshot()).toHaveLength(1);
    await q.flush(true);
    expect(server.calls).toEqual(['1']);
  });

  it('an item added while the stored queue is still being read is not hidden by that older read', async () => {
    const inner = memoryStore();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // The first read (the sign-in's) is slow and sees the queue as it was before the add.
    let reads = 0;
    const store: QueueStore = {
      get: async (key) => {
        const before = await inner.get(key);
        if (++reads === 1) await gate;
        return before;
      },
      update: inner.update,
    };
    const q = queueOn(store, () => Promise.resolve());
    const loading = q.setUser('u1');
    await q.add(create('1', 'k1'));
    release();
    await loading;
    expect(q.snapshot().map((op) => op.opId)).toEqual(['id-1']);
  });

  it('a flush asked during a flush runs after it, never two at once (nothing sent twice)', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const sent: string[] = [];
    const q = queueOn(memoryStore(), async (op) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      sent.push((op as QueuedOp & { kind: 'create' }).idempotencyKey);
      inFlight -= 1;
    });
    await q.setUser('u1');
    await q.add(create('1', 'k1'));
    await q.add(create('2', 'k2'));
    await Promise.all([q.flush(true), q.flush(true), q.flush()]);
    expect(maxInFlight).toBe(1);
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('two tabs of one user share the stored queue and send each item once, in order (the lock)', async () => {
    // A lock like the browser's Web Locks: one holder per name, the others wait their turn.
    const held = new Map<string, Promise<void>>();
    const exclusive = async (name: string, fn: () => Promise<void>) => {
      while (held.has(name)) await held.get(name);
      const run = fn();
      held.set(
        name,
        run.then(
          () => undefined,
          () => undefined,
        ),
      );
      try {
        await run;
      } finally {
        held.delete(name);
      }
    };
    const sent: string[] = [];
    const send = async (op: QueuedOp) => {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(op.kind === 'create' ? op.idempotencyKey : op.id);
    };
    const store = memoryStore();
    const tab = (name: string) => {
      let n = 0;
      return new OfflineQueue({ store, send, exclusive, newId: () => `${name}-${++n}` });
    };
    const [a, b] = [tab('a'), tab('b')];
    await a.setUser('u1');
    await b.setUser('u1');
    await a.add(create('1', 'k1'));
    await a.add(create('2', 'k2'));
    await a.add(create('3', 'k3'));
    // Both tabs come back online at the same moment.
    await Promise.all([a.flush(true), b.flush(true)]);
    expect(sent).toEqual(['k1', 'k2', 'k3']);
    await a.reload();
    expect(a.snapshot()).toEqual([]);
  });
});
