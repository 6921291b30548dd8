import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { aTransaction, renderWithProviders } from '../test/harness';
import { TransactionList } from './TransactionList';

const LEDGER = '11111111-1111-4111-8111-111111111111';
const permissions = {
  isOwner: true,
  canModifyBalance: true,
  canWrite: true,
  canManageCuentas: true,
  soloLectura: false,
  canChange: () => true,
};

afterEach(() => cleanup());

describe('the row’s margin chip (DESIGN §24)', () => {
  it('shows each leg’s server margin against the parallel rate, green above the market and red below', () => {
    const mercado = { paralelo: 310.5, oficial: 236.4567, fecha: '2026-11-20' };
    const rows = [
      aTransaction({ ledgerId: LEDGER, id: 'a', venta: 100, tasa_venta: 314.38, mercado, margen_venta: 1.25 }),
      aTransaction({ ledgerId: LEDGER, id: 'b', venta: 0, tasa_venta: 0, compra: 50, tasa_compra: 315, mercado, margen_compra: -1.43 }),
      // A row written before the stamp: no chip.
      aTransaction({ ledgerId: LEDGER, id: 'c', venta: 10, tasa_venta: 300 }),
    ];
    renderWithProviders(<TransactionList ledgerId={LEDGER} transactions={rows} permissions={permissions} onError={vi.fn()} />);
    const chips = screen.getAllByTestId('margen-chip');
    expect(chips.map((c) => [c.textContent, c.className])).toEqual([
      ['+1,25 % vs paralelo', 'tx-chip tx-positive'],
      ['-1,43 % vs paralelo', 'tx-chip tx-negative'],
    ]);
    expect(chips[0]!.title).toBe('Margen frente al dólar paralelo del momento (310,50 Bs)');
  });
});
