import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aTransaction, json, mockFetch, renderWithProviders } from '../test/harness';
import { EditTransactionDialog } from './EditTransactionDialog';
import type { CuentaOption } from '../../../shared/lib/cuenta-choice';
import { rowCuentasText } from '../../../shared/lib/cuenta-names';

const LEDGER = '11111111-1111-4111-8111-111111111111';
const BANESCO: CuentaOption = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', nombre: 'Banesco', moneda: 'VES', archivada: false };
const VIEJA: CuentaOption = { id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', nombre: 'Vieja', moneda: 'VES', archivada: true };
const BINANCE: CuentaOption = { id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', nombre: 'Binance', moneda: 'USD', archivada: false };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('edit dialog: the row’s accounts (docs/product.md#cuentas-y-movimientos)', () => {
  it('starts from the row’s accounts, keeps an archived one offered (DESIGN §28), and sends the change', async () => {
    const tx = aTransaction({ ledgerId: LEDGER, cuenta_ves_id: VIEJA.id });
    const calls = mockFetch(() => json(200, { transaction: tx }));
    const onClose = vi.fn();
    renderWithProviders(
      <EditTransactionDialog ledgerId={LEDGER} transaction={tx} onClose={onClose} onError={vi.fn()} cuentas={[BANESCO, VIEJA, BINANCE]} />,
    );
    const ves = screen.getByLabelText('Cuenta Bs') as HTMLSelectElement;
    const usd = screen.getByLabelText('Cuenta USD') as HTMLSelectElement;
    expect([...ves.options].map((o) => o.text)).toEqual(['Sin asignar', 'Banesco', 'Vieja (archivada)']);
    expect([ves.value, usd.value]).toEqual([VIEJA.id, '']);
    const user = userEvent.setup();
    await user.selectOptions(usd, 'Binance');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ cuenta_ves_id: VIEJA.id, cuenta_usd_id: BINANCE.id, version: 3 });
    expect(put.body).not.toHaveProperty('cuentaVesId');
  });

  it('a ledger without accounts: no selects, no account fields sent (an edit then keeps what the row has)', async () => {
    const tx = aTransaction({ ledgerId: LEDGER });
    const calls = mockFetch(() => json(200, { transaction: tx }));
    const onClose = vi.fn();
    renderWithProviders(<EditTransactionDialog ledgerId={LEDGER} transaction={tx} onClose={onClose} onError={vi.fn()} />);
    expect(screen.queryByLabelText('Cuenta Bs')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('cuenta_ves_id');
  });

  it('rows name their accounts compactly; an account the answer no longer lists reads "cuenta archivada"', () => {
    const names = new Map([
      [BANESCO.id, 'Banesco'],
      [BINANCE.id, 'Binance'],
    ]);
    expect(rowCuentasText({ cuenta_ves_id: BANESCO.id, cuenta_usd_id: BINANCE.id }, names)).toBe('Bs Banesco · USD Binance');
    expect(rowCuentasText({ cuenta_usd_id: BINANCE.id }, names)).toBe('USD Binance');
    expect(rowCuentasText({ cuenta_ves_id: VIEJA.id }, names)).toBe('Bs cuenta archivada');
    expect(rowCuentasText({}, names)).toBe('');
  });
});
