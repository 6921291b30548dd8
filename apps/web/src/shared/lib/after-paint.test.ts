import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterPaint, useAfterPaint } from './after-paint';

describe('afterPaint / useAfterPaint (docs/decisions/0019-dashboard-first-paint.md)', () => {
  it('runs after the next frame, not during the current task; cancel stops it', async () => {
    const run = vi.fn();
    afterPaint(run);
    expect(run).not.toHaveBeenCalled();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    const never = vi.fn();
    afterPaint(never)();
    await new Promise((r) => setTimeout(r, 100));
    expect(never).not.toHaveBeenCalled();
  });

  it('turns true only once ready has been painted, and stays true', async () => {
    const hook = renderHook(({ ready }) => useAfterPaint(ready), { initialProps: { ready: false } });
    await new Promise((r) => setTimeout(r, 50));
    expect(hook.result.current).toBe(false);
    hook.rerender({ ready: true });
    expect(hook.result.current).toBe(false);
    await waitFor(() => expect(hook.result.current).toBe(true));
    hook.rerender({ ready: false });
    expect(hook.result.current).toBe(true);
  });
});
