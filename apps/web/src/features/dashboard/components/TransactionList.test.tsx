import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { aTransaction, json, mockFetch, renderWithProviders, restoreOnline, setOnline } from '../test/harness';
import { FIRST_ROWS, ROWS_PER_STEP, TransactionList } from './TransactionList';
import { offlineQueue, usePendingOps } from '../../../shared/offline/offline';

const permissions = {
  isOwner: true,
  canModifyBalance: true,
  canWrite: true,
  canManageCuentas: true,
  soloLectura: false,
  canChange: () => true,
};
/** The list as the dashboard gives it: with the user's queued items. */
function WithQueue() {
  const ops = usePendingOps();
  return <TransactionList ledgerId={LEDGER} transactions={[tx]} queued={ops} permissions={permissions} onError={vi.fn()} />;
}

const LEDGER = '11111111-1111-4111-8111-111111111111';
/** The hover hint around a row's button (shared/ui/plain-controls.tsx HoverHint). */
const hintOf = (button: string) =>
  screen.getByRole('button', { name: button }).closest('.plain-hint')?.querySelector('.plain-hint-text')?.textContent;
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
        permissions={{
          isOwner: true,
          canModifyBalance: true,
          canWrite: true,
          canManageCuentas: true,
          soloLectura: false,
          canChange: () => true,
        }}
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

describe('transaction list without a connection (docs/product.md#working-offline)', () => {
  afterEach(async () => {
    restoreOnline();
    await offlineQueue.setUser(null);
  });

  it('offline, a verify toggle is queued and shows its new state at once, marked pending; edit and delete wait', async () => {
    await offlineQueue.setUser('list-user-1');
    setOnline(false);
    const calls = mockFetch(() => json(200, {}));
    renderWithProviders(<WithQueue />);
    expect(screen.queryByText('Pendiente de sincronizar')).toBeNull();
    const box = screen.getByRole('checkbox', { name: 'Verificada' }) as HTMLInputElement;
    fireEvent.click(box);
    await screen.findByText('Pendiente de sincronizar');
    expect(box.checked).toBe(true);
    expect(offlineQueue.snapshot()).toMatchObject([{ kind: 'verify', id: tx.id, esta_verificada: true, status: 'pending' }]);
    expect(calls).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Editar transacción 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Eliminar transacción 1' }) as HTMLButtonElement).disabled).toBe(true);
    // The hint on the disabled buttons says why (the row's hover hint, docs/decisions/0023-plain-rows.md).
    expect(hintOf('Editar transacción 1')).toBe('Requiere conexión');
    expect(hintOf('Eliminar transacción 1')).toBe('Requiere conexión');
    // …and screen readers hear it as the buttons' description (issue 36).
    screen.getByRole('button', { name: 'Editar transacción 1', description: 'Requiere conexión' });
    screen.getByRole('button', { name: 'Eliminar transacción 1', description: 'Requiere conexión' });
  });

  it('online, the row’s buttons are enabled and their hints name them', () => {
    setOnline(true);
    mockFetch(() => json(200, {}));
    renderWithProviders(<TransactionList ledgerId={LEDGER} transactions={[tx]} permissions={permissions} onError={vi.fn()} />);
    expect((screen.getByRole('button', { name: 'Editar transacción 1' }) as HTMLButtonElement).disabled).toBe(false);
    expect(hintOf('Editar transacción 1')).toBe('Editar');
    expect(hintOf('Eliminar transacción 1')).toBe('Eliminar');
    // The button's name says it already: no description repeats it.
    screen.getByRole('button', { name: 'Editar transacción 1', description: '' });
  });

  it('the delete question says how to take it back, since "Deshacer" follows (issue 36)', () => {
    setOnline(true);
    mockFetch(() => json(200, {}));
    renderWithProviders(<TransactionList ledgerId={LEDGER} transactions={[tx]} permissions={permissions} onError={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar transacción 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar transacción' });
    expect(dialog.querySelector('#confirm-text')?.textContent).toBe(
      '¿Seguro que quieres eliminar esta transacción? Podrás deshacerlo con «Deshacer» durante 10 segundos, o restaurarla desde «Actividad» en el historial del registro durante 30 días.',
    );
  });

  it('online, a toggle whose request gets no answer is queued instead of failing', async () => {
    await offlineQueue.setUser('list-user-2');
    setOnline(true);
    const onError = vi.fn();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<TransactionList ledgerId={LEDGER} transactions={[tx]} permissions={permissions} onError={onError} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verificada' }));
    await vi.waitFor(() => expect(offlineQueue.snapshot()).toMatchObject([{ kind: 'verify', id: tx.id, esta_verificada: true }]));
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('transaction list: the fee (docs/product.md#binance-import)', () => {
  it('shows a row’s fee with its decimals, and nothing for a row without one', () => {
    mockFetch(() => json(200, {}));
    const withFee = aTransaction({ ledgerId: LEDGER, id: '33333333-3333-4333-8333-333333333333', comision_usd: 0.00012345 });
    renderWithProviders(
      <TransactionList
        ledgerId={LEDGER}
        transactions={[tx, withFee]}
        permissions={{
          isOwner: true,
          canModifyBalance: true,
          canWrite: true,
          canManageCuentas: true,
          soloLectura: false,
          canChange: () => true,
        }}
        onError={vi.fn()}
      />,
    );
    const [first, second] = screen.getAllByTestId('tx-row');
    expect(first?.textContent).not.toContain('Comisión');
    expect(second?.textContent).toContain('Comisión: 0,00012345 USD');
  });
});

describe('transaction list: a long day (docs/decisions/0019-dashboard-first-paint.md)', () => {
  it('draws the first rows at once and the rest a few at a time after, in order, with the count of all in the title', async () => {
    mockFetch(() => json(200, {}));
    const many = Array.from({ length: ROWS_PER_STEP * 2 + 3 }, (_, i) =>
      aTransaction({ id: `22222222-2222-4222-8222-${String(i).padStart(12, '0')}`, notas: `fila ${i + 1}` }),
    );
    renderWithProviders(<TransactionList ledgerId={LEDGER} transactions={many} permissions={permissions} onError={vi.fn()} />);
    expect(screen.getByRole('heading', { name: `Transacciones del día (${many.length})` })).toBeTruthy();
    expect(screen.getAllByTestId('tx-row')).toHaveLength(FIRST_ROWS);
    await vi.waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(many.length));
    const rows = screen.getAllByTestId('tx-row');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(many.map((_, i) => `Transacción ${i + 1}`));
    expect(rows[many.length - 1]!.textContent).toContain(`fila ${many.length}`);
  });
});
