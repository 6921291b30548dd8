import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { aTransaction, json, mockFetch, renderWithProviders } from '../test/harness';
import { TransactionList } from './TransactionList';

const LEDGER = '11111111-1111-4111-8111-111111111111';
const tx = aTransaction({ ledgerId: LEDGER });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('transaction list: Verificada', () => {
  it('shows the click at once, while the server has not answered yet, and sends it', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(
      <TransactionList
        ledgerId={LEDGER}
        transactions={[tx]}
        permissions={{ isOwner: true, canModifyBalance: true, canChange: () => true }}
        onError={vi.fn()}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Verificada' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await vi.waitFor(() =>
      expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
        ['PATCH', `/api/transactions/${tx.id}/toggle-verify`, { esta_verificada: true }],
      ]),
    );
    answer(json(200, { transaction: { ...tx, esta_verificada: true } }));
  });
});

describe('transaction list: the fee (DESIGN §12)', () => {
  it('shows a row’s fee with its decimals, and nothing for a row without one', () => {
    mockFetch(() => json(200, {}));
    const withFee = aTransaction({ ledgerId: LEDGER, id: '33333333-3333-4333-8333-333333333333', comision_usd: 0.00012345 });
    renderWithProviders(
      <TransactionList
        ledgerId={LEDGER}
        transactions={[tx, withFee]}
        permissions={{ isOwner: true, canModifyBalance: true, canChange: () => true }}
        onError={vi.fn()}
      />,
    );
    const [first, second] = screen.getAllByTestId('tx-row');
    expect(first?.textContent).not.toContain('Comisión');
    expect(second?.textContent).toContain('Comisión: 0,00012345 USD');
  });
});
