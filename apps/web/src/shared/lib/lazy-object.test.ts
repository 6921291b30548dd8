import { describe, expect, it, vi } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { lazyObject } from './lazy-object';

describe('lazyObject', () => {
  it('builds nothing until it is used, then once', () => {
    const build = vi.fn(() => ({ a: 1, nested: { b: 2 } }));
    const lazy = lazyObject(build);
    expect(build).not.toHaveBeenCalled();
    expect(lazy.a).toBe(1);
    expect(lazy.nested.b).toBe(2);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('reads, lists, spreads, writes and deletes as the built object does', () => {
    const lazy = lazyObject(() => ({ a: 1, b: 'x' }) as Record<string, unknown>);
    expect('a' in lazy).toBe(true);
    expect(Object.keys(lazy)).toEqual(['a', 'b']);
    expect({ ...lazy }).toEqual({ a: 1, b: 'x' });
    expect(JSON.stringify(lazy)).toBe('{"a":1,"b":"x"}');
    lazy.c = true;
    delete lazy.a;
    expect({ ...lazy }).toEqual({ b: 'x', c: true });
  });

  it("stands in for MUI's default theme: the same palette, spacing and breakpoints", () => {
    const lazy = lazyObject(() => createTheme());
    const real = createTheme();
    expect(lazy.palette.primary.main).toBe(real.palette.primary.main);
    expect(lazy.spacing(2)).toBe(real.spacing(2)); // 2 × 8 px = "16px"
    expect(lazy.breakpoints.up('sm')).toBe(real.breakpoints.up('sm'));
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(real).sort());
  });
});
