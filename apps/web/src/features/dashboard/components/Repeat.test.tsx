import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aTransaction, json, mockFetch, renderWithProviders } from '../test/harness';
import { nextRepeatDraft, repeatValues, type RepeatDraft } from '../lib/repeat-draft';
import type { TransactionRow } from '../api/types';
import { TransactionForm } from './TransactionForm';
import { TransactionList } from './TransactionList';
import type { LedgerPermissions } from '../lib/permissions';

const LEDGER = '11111111-1111-4111-8111-111111111111';
const BS_ACCOUNT = '33333333-3333-4333-8333-333333333333';
const USD_ACCOUNT = '44444444-4444-4444-8444-444444444444';
const owner: LedgerPermissions = {
  isOwner: true,
  canModifyBalance: true,
  canWrite: true,
  canManageCuentas: true,
  soloLectura: false,
  canChange: () => true,
};
const viewer: LedgerPermissions = {
  ...owner,
  isOwner: false,
  canModifyBalance: false,
  canWrite: false,
  canManageCuentas: false,
  soloLectura: true,
  canChange: () => false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('repeatValues: a row as the form types it (docs/product.md#repetir)', () => {
  const cases: Array<[string, Partial<TransactionRow>, Partial<ReturnType<typeof repeatValues>>]> = [
    // Both sides, es-ES text as the fields show it after leaving them (at least 2 decimals) with thousands and decimal comma; the rate keeps its 4 decimals.
    [
      'a sale and a purchase',
      { venta: 1234.56, tasa_venta: 310.1234, compra: 1200, tasa_compra: 309.5 },
      { venta: '1.234,56', tasa_venta: '310,1234', compra: '1.200,00', tasa_compra: '309,50' },
    ],
    // An unused side stays empty, its rate too (the form starts that way).
    [
      'a sale only',
      { venta: 50, tasa_venta: 311, compra: 0, tasa_compra: 0 },
      { venta: '50,00', tasa_venta: '311,00', compra: '', tasa_compra: '' },
    ],
    [
      'a purchase only',
      { venta: 0, tasa_venta: 0, compra: 75.5, tasa_compra: 309 },
      { venta: '', tasa_venta: '', compra: '75,50', tasa_compra: '309,00' },
    ],
    // The fee with its 8 decimals; no fee = empty.
    ['a fee', { comision_usd: 0.12345678 }, { comision_usd: '0,12345678' }],
    ['no fee', { comision_usd: 0 }, { comision_usd: '' }],
    // The accounts; Sin asignar (absent) = ''.
    ['its accounts', { cuenta_ves_id: BS_ACCOUNT, cuenta_usd_id: USD_ACCOUNT }, { cuentaVesId: BS_ACCOUNT, cuentaUsdId: USD_ACCOUNT }],
    ['Sin asignar', {}, { cuentaVesId: '', cuentaUsdId: '' }],
  ];
  it.each(cases)('%s', (_name, row, expected) => {
    expect(repeatValues(aTransaction(row))).toMatchObject(expected);
  });

  it('leaves the notes out (they hold the order’s own reference) and counts the presses', () => {
    expect(repeatValues(aTransaction({ notas: 'orden 123' }))).not.toHaveProperty('notas');
    const first = nextRepeatDraft(null, aTransaction());
    expect([first.n, nextRepeatDraft(first, aTransaction()).n]).toEqual([1, 2]);
  });
});

describe('"Repetir" on a day row', () => {
  it('is on every row for someone who may add, and hands the row over', () => {
    const onRepeat = vi.fn();
    const second = aTransaction({ id: '55555555-5555-4555-8555-555555555555', venta: 20 });
    renderWithProviders(
      <TransactionList
        ledgerId={LEDGER}
        transactions={[aTransaction(), second]}
        permissions={owner}
        onError={vi.fn()}
        onRepeat={onRepeat}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Repetir transacción 2' }));
    expect(onRepeat).toHaveBeenCalledWith(second);
    expect(screen.getAllByRole('button', { name: /^Repetir/ })).toHaveLength(2);
  });

  it('a viewer ("Solo lectura") sees no "Repetir", even when the handler is passed', () => {
    renderWithProviders(
      <TransactionList ledgerId={LEDGER} transactions={[aTransaction()]} permissions={viewer} onError={vi.fn()} onRepeat={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: /^Repetir/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Verificada' })).toHaveProperty('disabled', true);
  });
});

/** The form with a "Repetir" button outside it, as the dashboard wires them. */
function FormWithRepeat({ row }: { row: TransactionRow }) {
  const [repeat, setRepeat] = useState<RepeatDraft | null>(null);
  return (
    <>
      <button type="button" onClick={() => setRepeat((p) => nextRepeatDraft(p, row))}>
        Repetir fila
      </button>
      <TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={vi.fn()} repeat={repeat} />
    </>
  );
}

describe('the new-transaction form after "Repetir"', () => {
  const row = aTransaction({ venta: 150, tasa_venta: 310.25, compra: 150, tasa_compra: 309.8, comision_usd: 0.15, notas: 'orden 9' });
  const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

  it('fills amounts, rates and fee, focuses the sale, and sends nothing by itself', async () => {
    const calls = mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<FormWithRepeat row={row} />);
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    fireEvent.click(screen.getByRole('button', { name: 'Repetir fila' }));
    await waitFor(() => expect(value('Venta (USD)')).toBe('150,00'));
    expect([
      value('Tasa de venta (Bs)'),
      value('Compra (USD)'),
      value('Tasa de compra (Bs)'),
      value('Comisión (USD)'),
      value('Notas'),
    ]).toEqual(['310,25', '150,00', '309,80', '0,15', '']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Venta (USD)')));
    // (150 × 310,25 − 150 × 309,8) / 309,8 = 67,5 / 309,8 = 0,2178… → 0,22 USD: the preview reads the filled fields.
    expect(screen.getByTestId('profit-preview').textContent).toBe('Ganancia estimada: 0,22 USD');
    expect(calls).toEqual([]);
  });

  it('a second press fills it again over what was typed; "Agregar" then sends the row’s figures', async () => {
    const calls = mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<FormWithRepeat row={row} />);
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    const user = userEvent.setup();
    fireEvent.click(screen.getByRole('button', { name: 'Repetir fila' }));
    await waitFor(() => expect(value('Venta (USD)')).toBe('150,00'));
    await user.clear(screen.getByLabelText('Venta (USD)'));
    await user.type(screen.getByLabelText('Venta (USD)'), '9');
    fireEvent.click(screen.getByRole('button', { name: 'Repetir fila' }));
    await waitFor(() => expect(value('Venta (USD)')).toBe('150,00'));
    await user.click(screen.getByRole('button', { name: 'Agregar Transacción' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      venta: '150.00',
      tasa_venta: '310.2500',
      compra: '150.00',
      tasa_compra: '309.8000',
      fecha: '2026-11-20',
    });
  });
});
