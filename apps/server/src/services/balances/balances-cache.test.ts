import { describe, expect, it } from 'vitest';
import { createBalancesCache } from './balances-cache.ts';

describe('balances cache', () => {
  it('answers only for the same revision', () => {
    const c = createBalancesCache<string>();
    c.set('l', '2026-11-21', 3, 'A');
    expect(c.get('l', '2026-11-21', 3)).toBe('A');
    expect(c.get('l', '2026-11-21', 4)).toBeUndefined();
    expect(c.get('l', '2026-11-22', 3)).toBeUndefined();
  });

  it('never replaces a newer answer with an older one', () => {
    const c = createBalancesCache<string>();
    c.set('l', 'd', 5, 'new');
    c.set('l', 'd', 4, 'old');
    expect(c.get('l', 'd', 5)).toBe('new');
  });

  it('drops the least recently used entry beyond its size', () => {
    const c = createBalancesCache<string>(2);
    c.set('a', 'd', 1, 'A');
    c.set('b', 'd', 1, 'B');
    c.get('a', 'd', 1);
    c.set('c', 'd', 1, 'C');
    expect(c.get('a', 'd', 1)).toBe('A');
    expect(c.get('b', 'd', 1)).toBeUndefined();
    expect(c.get('c', 'd', 1)).toBe('C');
  });
});

describe('balances cache: concurrent misses', () => {
  it('computes once for concurrent requests of the same day and revision, and caches the result', async () => {
    const c = createBalancesCache<string>();
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return 'body';
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, () => c.getOrCompute('l', 'd', 1, compute)));
    expect(bodies.every((b) => b === 'body')).toBe(true);
    expect(calls).toBe(1);
    expect(c.get('l', 'd', 1)).toBe('body');
    await c.getOrCompute('l', 'd', 2, compute);
    expect(calls).toBe(2);
  });

  it('a failed computation is not cached and the next request tries again', async () => {
    const c = createBalancesCache<string>();
    await expect(c.getOrCompute('l', 'd', 1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(c.getOrCompute('l', 'd', 1, async () => 'ok')).resolves.toBe('ok');
  });
});
