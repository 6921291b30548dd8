import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ledger } from '../api/types';
import { useNotice } from '../hooks/useNotice';
import { DashboardTools } from './DashboardTools';

// Each tool counts its renders; what they draw does not matter here.
const renders = { actions: 0, date: 0, rates: 0, selector: 0, group: 0 };
function count(tool: keyof typeof renders) {
  renders[tool]++;
  return null;
}
vi.mock('./LedgerActions', () => ({ LedgerActions: () => count('actions') }));
vi.mock('./DateField', () => ({ DateField: () => count('date') }));
vi.mock('./GroupManagement', () => ({ GroupManagement: () => count('group') }));
vi.mock('../../rates', () => ({ RatesPanel: () => count('rates') }));
vi.mock('../../ledgers', () => ({ LedgerSelector: () => count('selector') }));

const ledger = { id: '11111111-1111-4111-8111-111111111111', name: 'Principal' } as Ledger;
const onSelect = vi.fn();
const offerUndo = vi.fn();

afterEach(() => cleanup());

describe('the dashboard tools (docs/decisions/0023-plain-rows.md)', () => {
  it('are not drawn again when the dashboard changes something they do not take', async () => {
    let bump: () => void = () => undefined;
    function Dashboard() {
      const notice = useNotice();
      const [, setOther] = useState(0);
      bump = () => setOther((n) => n + 1);
      return (
        <DashboardTools
          ledger={ledger}
          fecha="2026-11-24"
          date="2026-11-24"
          transactionCount={3}
          ready
          isOwner
          canWrite
          online
          notice={notice}
          onSelect={onSelect}
          offerUndo={offerUndo}
        />
      );
    }
    render(<Dashboard />);
    // The tools come in three commits (decision 0026): the actions and the date first, the rest
    // after painted frames (DrawnAfterPaint; one level per commit: after-paint.test.ts).
    expect(renders).toEqual({ actions: 1, date: 1, rates: 0, selector: 0, group: 0 });
    await waitFor(() => expect(renders).toEqual({ actions: 1, date: 1, rates: 1, selector: 1, group: 1 }));
    act(() => bump());
    act(() => bump());
    expect(renders).toEqual({ actions: 1, date: 1, rates: 1, selector: 1, group: 1 });
  });

  it('useNotice gives the same object until a notice changes', () => {
    const { result, rerender } = renderHook(() => useNotice());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    act(() => first.success('Hecho'));
    expect(result.current).not.toBe(first);
    expect(result.current.notice?.text).toBe('Hecho');
  });
});
