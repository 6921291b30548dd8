import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RELOAD_AFTER_DATE_CHANGE_MS } from '@arb/shared';
import { useSettledSelection } from './useSettledSelection';

/*
 * docs/decisions/0027-fewer-redraws-of-the-dashboard.md: the dashboard draws everything below it
 * again whenever this selection is a new object, so a selection that did not change must keep its
 * object (a redraw of the whole dashboard, in one blocking task, 100 ms after it mounted).
 */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderSelection(ledgerId: string | undefined, date: string) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  let renders = 0;
  const hook = renderHook(
    ({ ledgerId: l, date: d }: { ledgerId: string | undefined; date: string }) => {
      renders++;
      return useSettledSelection(l, d);
    },
    { wrapper, initialProps: { ledgerId, date } },
  );
  return { hook, renders: () => renders };
}

describe('useSettledSelection', () => {
  it('mounted on a ledger and day, draws nothing more when its settle time passes', async () => {
    const { hook, renders } = renderSelection('l-1', '2026-11-26');
    const first = hook.result.current;
    const afterMount = renders();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RELOAD_AFTER_DATE_CHANGE_MS * 3);
    });
    expect(hook.result.current).toBe(first);
    expect(renders()).toBe(afterMount);
  });

  it('a new day settles RELOAD_AFTER_DATE_CHANGE_MS later, as a new selection', async () => {
    const { hook } = renderSelection('l-1', '2026-11-26');
    hook.rerender({ ledgerId: 'l-1', date: '2026-11-25' });
    expect(hook.result.current).toEqual({ ledgerId: 'l-1', date: '2026-11-26' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RELOAD_AFTER_DATE_CHANGE_MS - 1);
    });
    expect(hook.result.current.date).toBe('2026-11-26');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(hook.result.current).toEqual({ ledgerId: 'l-1', date: '2026-11-25' });
  });

  it('the first ledger (none before) settles at once', async () => {
    const { hook } = renderSelection(undefined, '2026-11-26');
    hook.rerender({ ledgerId: 'l-1', date: '2026-11-26' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(hook.result.current).toEqual({ ledgerId: 'l-1', date: '2026-11-26' });
  });
});
