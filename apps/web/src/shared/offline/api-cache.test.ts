import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { isKeptRead, keepRead, needsKeeping } from './api-cache';
import { API_CACHE_NAME } from './api-reads';

/** A Cache Storage of one origin, in memory: name → URL → body. */
function fakeCaches() {
  const stores = new Map<string, Map<string, string>>();
  return {
    stores,
    caches: {
      open: async (name: string) => {
        if (!stores.has(name)) stores.set(name, new Map());
        const store = stores.get(name)!;
        return { put: async (url: string, res: Response) => void store.set(url, await res.text()) };
      },
      delete: async (name: string) => stores.delete(name),
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const ORIGIN = location.origin;

describe('the reads kept for offline (docs/decisions/0032)', () => {
  it.each([
    ['/api/ledgers', true],
    ['/api/transactions/balances?ledgerId=l1&fecha=2026-11-27', true],
    ['/api/ledgers/l1/position?fecha=2026-11-27', true],
    ['/api/rates/paralelo', true],
    ['/api/membership/my-membership', true],
    ['/api/auth/me', false], // the session is not a screen's data
    ['/api/transactions', false],
    ['/api/ledgers/l1/invite', false], // an invite code is not kept
    ['https://otro.example/api/ledgers', false], // another origin
  ])('%s kept: %s', (url, kept) => {
    expect(isKeptRead(url, `${ORIGIN}/dashboard`)).toBe(kept);
  });
});

describe('the page keeps what no service worker saw', () => {
  let fake: ReturnType<typeof fakeCaches>;
  const controller = { value: null as object | null };
  beforeEach(() => {
    fake = fakeCaches();
    vi.stubGlobal('caches', fake.caches);
    controller.value = null;
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        get controller() {
          return controller.value;
        },
      },
    });
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('only a GET of a kept read, only while no worker controls the page', () => {
    expect(needsKeeping('/api/ledgers', 'GET')).toBe(true);
    expect(needsKeeping('/api/ledgers', 'POST')).toBe(false);
    expect(needsKeeping('/api/auth/me', 'GET')).toBe(false);
    controller.value = {}; // the worker caches what it forwards itself
    expect(needsKeeping('/api/ledgers', 'GET')).toBe(false);
  });

  it('nothing without Cache Storage or service workers (the page could not be reopened offline anyway)', () => {
    vi.stubGlobal('caches', undefined);
    expect(needsKeeping('/api/ledgers', 'GET')).toBe(false);
    vi.stubGlobal('caches', fake.caches);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(needsKeeping('/api/ledgers', 'GET')).toBe(false);
  });

  it('puts the answer under its whole URL, where the worker looks for it', async () => {
    await keepRead('/api/ledgers', new Response('[1]', { status: 200 }), () => true);
    expect(fake.stores.get(API_CACHE_NAME)?.get(`${ORIGIN}/api/ledgers`)).toBe('[1]');
  });

  it('drops an answer whose user is gone by the time it is written, and any answer but a 200', async () => {
    await keepRead('/api/ledgers', new Response('[1]', { status: 200 }), () => false);
    await keepRead('/api/rates/oficial', new Response(null, { status: 204 }), () => true);
    expect(fake.stores.get(API_CACHE_NAME)?.size ?? 0).toBe(0);
  });

  it('never throws: a full or missing cache leaves the screen its answer', async () => {
    vi.stubGlobal('caches', { open: () => Promise.reject(new Error('QuotaExceededError')) });
    await expect(keepRead('/api/ledgers', new Response('[1]'), () => true)).resolves.toBeUndefined();
  });

  describe('through api()', () => {
    beforeEach(() => {
      localStorage.setItem('userData', JSON.stringify({ id: 'ana', email: 'ana@example.com' }));
      localStorage.setItem('refreshToken', 'r');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('[{"id":"l1"}]', { status: 200, headers: { date: 'Fri, 27 Nov 2026 10:00:00 GMT' } })),
      );
    });

    it('a read answered before any worker controls the page is kept, and the page still reads it', async () => {
      expect(await api('/api/ledgers', 'x')).toEqual([{ id: 'l1' }]);
      await settle();
      expect(fake.stores.get(API_CACHE_NAME)?.get(`${ORIGIN}/api/ledgers`)).toBe('[{"id":"l1"}]');
    });

    it('under a worker the page writes nothing (the worker does)', async () => {
      controller.value = {};
      await api('/api/ledgers', 'x');
      await settle();
      expect(fake.stores.has(API_CACHE_NAME)).toBe(false);
    });

    it('an answer that arrives after its user signed out is not kept for the next one', async () => {
      const pending = api('/api/ledgers', 'x');
      localStorage.removeItem('userData');
      await pending;
      await settle();
      expect(fake.stores.get(API_CACHE_NAME)?.size ?? 0).toBe(0);
    });
  });
});
