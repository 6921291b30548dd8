import { createElement } from 'react';
import { render, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterPaint, DrawnAfterPaint, useAfterPaint } from './after-paint';

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

  it('runs `before` once, in the idle moment before it turns true, with the latest callback', async () => {
    const order: string[] = [];
    const first = vi.fn(() => order.push('first'));
    const latest = vi.fn(() => order.push('latest'));
    const hook = renderHook(({ ready, before }) => [useAfterPaint(ready, before), order.push('render')] as const, {
      initialProps: { ready: true, before: first },
    });
    hook.rerender({ ready: true, before: latest });
    expect(latest).not.toHaveBeenCalled();
    await waitFor(() => expect(hook.result.current[0]).toBe(true));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
    // Asked before the render that draws the part: its requests are not in React's commit.
    expect(order.slice(order.indexOf('latest'))).toEqual(['latest', 'render']);
    hook.rerender({ ready: true, before: latest });
    await new Promise((r) => setTimeout(r, 50));
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('DrawnAfterPaint draws its children after a painted frame; nested, one level per commit, a drawn level not drawn again', async () => {
    const renders = { outer: 0, inner: 0 };
    function Part({ name }: { name: keyof typeof renders }) {
      renders[name]++;
      return createElement('p', null, name);
    }
    const { container } = render(
      createElement(
        'div',
        null,
        createElement(
          DrawnAfterPaint,
          null,
          createElement(Part, { name: 'outer' }),
          createElement(DrawnAfterPaint, null, createElement(Part, { name: 'inner' })),
        ),
      ),
    );
    // What the document held after each change: never both parts in one go.
    const states: string[] = [];
    const observer = new MutationObserver(() => states.push([...container.querySelectorAll('p')].map((p) => p.textContent).join('+')));
    observer.observe(container, { childList: true, subtree: true });
    expect(container.querySelectorAll('p')).toHaveLength(0);
    await waitFor(() => expect(container.querySelectorAll('p')).toHaveLength(2));
    observer.disconnect();
    expect(states).toEqual(['outer', 'outer+inner']);
    expect(renders).toEqual({ outer: 1, inner: 1 });
  });
});
