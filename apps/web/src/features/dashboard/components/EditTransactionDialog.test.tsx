import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@arb/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { RateAnswer } from '@arb/shared';
import { rateQueryOptions } from '../../rates';
import { aTransaction, json, mockFetch, renderWithProviders } from '../test/harness';
import type { TransactionRow } from '../api/types';
import { EditTransactionDialog } from './EditTransactionDialog';

const LEDGER = '11111111-1111-4111-8111-111111111111';
const tx = aTransaction({ ledgerId: LEDGER });

function setup(answer: Parameters<typeof mockFetch>[0] = () => json(200, { transaction: tx })) {
  const calls = mockFetch(answer);
  const onClose = vi.fn();
  const onError = vi.fn();
  renderWithProviders(<EditTransactionDialog ledgerId={LEDGER} transaction={tx} onClose={onClose} onError={onError} />);
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const preview = () => screen.queryByTestId('profit-preview')?.textContent;
  return { calls, onClose, onError, user, field, preview };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('edit-transaction dialog', () => {
  it('starts from the transaction in es-ES, and previews docs/product.md#money edit profit', async () => {
    const { user, field, preview } = setup();
    expect(field('Venta (USD)').value).toBe('100,00');
    expect(field('Tasa de compra (Bs)').getAttribute('inputmode')).toBe('decimal');
    expect(preview()).toBe('Ganancia estimada: 5,26 USD'); // (4000 − 3800) / 38
    await user.clear(field('Compra (USD)'));
    expect(preview()).toBe('Ganancia estimada: 100,00 USD'); // sale only = +venta
    await user.clear(field('Venta (USD)'));
    expect(preview()).toBeUndefined(); // neither amount filled: no preview
    await user.type(field('Compra (USD)'), '30');
    expect(preview()).toBe('Ganancia estimada: -30,00 USD'); // purchase only = −compra
    expect(screen.getByTestId('profit-preview').dataset.sign).toBe('negative');
  });

  // Issue 17: tabbing through 'Editar' rewrote a rate of 312.4567 to 312.46 (float toFixed(2)) and changed the stored profit.
  it('keeps a rate’s 3rd and 4th decimals when its field is only visited', async () => {
    const withRate = aTransaction({ ledgerId: LEDGER, tasa_venta: 312.4567, tasa_compra: 300.1 });
    const calls = mockFetch(() => json(200, { transaction: withRate }));
    const onClose = vi.fn();
    renderWithProviders(<EditTransactionDialog ledgerId={LEDGER} transaction={withRate} onClose={onClose} onError={vi.fn()} />);
    const user = userEvent.setup();
    const rate = screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement;
    expect(rate.value).toBe('312,4567');
    await user.click(rate);
    await user.tab();
    await user.click(screen.getByLabelText('Tasa de compra (Bs)'));
    await user.tab();
    expect(rate.value).toBe('312,4567');
    expect((screen.getByLabelText('Tasa de compra (Bs)') as HTMLInputElement).value).toBe('300,10');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ tasa_venta: '312.4567', tasa_compra: '300.1000', venta: '100.00' });
  });

  it('sends the edited fields with the version it was loaded with', async () => {
    const { calls, user, field, onClose } = setup();
    await user.clear(field('Tasa de venta (Bs)'));
    await user.type(field('Tasa de venta (Bs)'), '41');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url).toBe(`/api/transactions/${tx.id}`);
    expect(calls[0]?.body).toMatchObject({
      venta: '100.00',
      tasa_venta: '41.0000',
      compra: '100.00',
      tasa_compra: '38.0000',
      notas: 'nota',
      fecha: '2026-11-20',
      version: 3,
    });
  });

  it("a 409 keeps the dialog open with the message, the user's text and the values saved meanwhile; saving again uses their version", async () => {
    // The other partner changed the sale rate to 42 (version 4) while this user typed 41.
    const fresh = { ...tx, tasa_venta: 42, version: 4 };
    let answers = 0;
    const calls = mockFetch(() =>
      answers++ === 0 ? json(409, { error: messages.txStale, code: 'STALE_VERSION' }) : json(200, { transaction: fresh }),
    );
    const onClose = vi.fn();
    const onError = vi.fn();
    // Stands in for the day's list, which hands the dialog the row as it is now.
    let reload: (row: TransactionRow) => void = () => undefined;
    function List() {
      const [current, setCurrent] = useState<TransactionRow>();
      reload = setCurrent;
      return <EditTransactionDialog ledgerId={LEDGER} transaction={tx} current={current} onClose={onClose} onError={onError} />;
    }
    renderWithProviders(<List />);
    const user = userEvent.setup();
    const rate = () => screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement;
    await user.clear(rate());
    await user.type(rate(), '41');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.txStale)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(rate().value).toBe('41,00'); // formatted on blur, still the user's value
    // The list reloads and hands the dialog the current row.
    act(() => reload(fresh));
    expect(screen.getByTestId('edit-conflict-current').textContent).toContain('venta 100,00 USD a 42,00 Bs');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[1]?.body).toMatchObject({ tasa_venta: '41.0000', version: 4 });
  });

  // docs/product.md#binance-import: the dialog starts from the stored fee and sends it back, changed or not.
  it('shows the stored fee with its decimals and saves an edited one', async () => {
    const withFee = aTransaction({ ledgerId: LEDGER, comision_usd: 0.00012345 });
    const calls = mockFetch(() => json(200, { transaction: withFee }));
    const onClose = vi.fn();
    renderWithProviders(<EditTransactionDialog ledgerId={LEDGER} transaction={withFee} onClose={onClose} onError={vi.fn()} />);
    const user = userEvent.setup();
    const fee = screen.getByLabelText('Comisión (USD)') as HTMLInputElement;
    expect(fee.value).toBe('0,00012345');
    await user.clear(fee);
    await user.type(fee, '-1');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.numberNegative)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(fee);
    await user.type(fee, '1,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ venta: '100.00', comision_usd: '1.50000000' });
  });

  it('validates with the shared rules', async () => {
    const { calls, user, field } = setup();
    await user.clear(field('Tasa de venta (Bs)'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.txNeedsSaleRate)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('asks before saving a changed rate far from the parallel one the dashboard has, not an unchanged one', async () => {
    const calls = mockFetch(() => json(200, { transaction: tx }));
    const onClose = vi.fn();
    // The dashboard's rates panel already holds the parallel rate: 40 Bs here (the row's rates are 40 and 38).
    function WithParallelRate() {
      const client = useQueryClient();
      useState(() => client.setQueryData(rateQueryOptions('paralelo').queryKey, { promedio: 40 } as RateAnswer));
      return <EditTransactionDialog ledgerId={LEDGER} transaction={tx} onClose={onClose} onError={vi.fn()} />;
    }
    renderWithProviders(<WithParallelRate />);
    const user = userEvent.setup();
    const rate = screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement;
    await user.clear(rate);
    await user.type(rate, '400'); // "40,0" with the comma lost: 400 / 40 = 10 times
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByText(/^¿Seguro\?/)).textContent).toBe('¿Seguro? La tasa de venta es 10 veces la paralela (40,00 Bs)');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    await user.clear(rate);
    await user.type(rate, '40'); // the stored rate again: nothing to ask
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ tasa_venta: '40.0000' });
  });
});
