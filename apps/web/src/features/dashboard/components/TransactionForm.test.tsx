import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@arb/shared';
import { json, mockFetch, renderWithProviders, restoreOnline, setOnline } from '../test/harness';
import { TransactionForm } from './TransactionForm';
import { offlineQueue } from '../../../shared/offline/offline';

const LEDGER = '11111111-1111-4111-8111-111111111111';

/** The form, once all of it is drawn (it comes in three commits: docs/decisions/0027-fewer-redraws-of-the-dashboard.md). */
async function setup(answer: Parameters<typeof mockFetch>[0] = () => json(201, { transaction: {} })) {
  const calls = mockFetch(answer);
  const onError = vi.fn();
  renderWithProviders(<TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={onError} />);
  await screen.findByRole('button', { name: 'Agregar Transacción' });
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label);
  const fill = async (values: Partial<Record<'venta' | 'tasaVenta' | 'compra' | 'tasaCompra', string>>) => {
    if (values.venta !== undefined) await user.type(field('Venta (USD)'), values.venta);
    if (values.tasaVenta !== undefined) await user.type(field('Tasa de venta (Bs)'), values.tasaVenta);
    if (values.compra !== undefined) await user.type(field('Compra (USD)'), values.compra);
    if (values.tasaCompra !== undefined) await user.type(field('Tasa de compra (Bs)'), values.tasaCompra);
  };
  return { calls, onError, user, field, fill, submit: () => screen.getByRole('button', { name: /Agregar|Agregando/ }) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('new-transaction form', () => {
  it('has the sections of docs/product.md#screens and a 2-row notes field', async () => {
    await setup();
    expect(screen.getByText('Venta USD')).toBeTruthy();
    expect(screen.getByText('Compra USD')).toBeTruthy();
    expect(screen.getByLabelText('Notas').getAttribute('rows')).toBe('2');
    const venta = screen.getByLabelText('Venta (USD)');
    expect([venta.getAttribute('min'), venta.getAttribute('step')]).toEqual(['0', '0.01']);
  });

  it('shows the profit only once all four fields are filled, green when ≥ 0', async () => {
    const { fill } = await setup();
    await fill({ venta: '100', tasaVenta: '40', compra: '100' });
    expect(screen.queryByTestId('profit-preview')).toBeNull();
    await fill({ tasaCompra: '38' });
    // (100 × 40 − 100 × 38) / 38 = 5.263… → 5,26 USD
    const profit = screen.getByTestId('profit-preview');
    expect(profit.textContent).toBe('Ganancia estimada: 5,26 USD');
    expect(getComputedStyle(profit).color).toBe('rgb(46, 125, 50)'); // success.main (light)
  });

  it('shows a negative profit in red', async () => {
    const { fill } = await setup();
    // (100 × 38 − 100 × 40) / 40 = −5
    await fill({ venta: '100', tasaVenta: '38', compra: '100', tasaCompra: '40' });
    const profit = screen.getByTestId('profit-preview');
    expect(profit.textContent).toBe('Ganancia estimada: -5,00 USD');
    expect(getComputedStyle(profit).color).toBe('rgb(198, 40, 40)'); // error.main (light)
  });

  it('formats amounts to 2 decimals on blur', async () => {
    const { fill, user, field } = await setup();
    await fill({ venta: '12.5' });
    await user.tab();
    expect((field('Venta (USD)') as HTMLInputElement).value).toBe('12.50');
  });

  it('sends the fee (docs/product.md#binance-import): up to 8 decimals, decimal keypad; a negative or 9-decimal fee is refused in Spanish', async () => {
    const { calls, user, fill, submit, field } = await setup();
    const fee = field('Comisión (USD)') as HTMLInputElement;
    expect([fee.getAttribute('min'), fee.getAttribute('step'), fee.getAttribute('inputmode')]).toEqual(['0', '0.00000001', 'decimal']);
    await fill({ venta: '100', tasaVenta: '40' });
    await user.type(fee, '0.123456789');
    await user.click(submit());
    expect(await screen.findByText(messages.feeInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(fee);
    await user.type(fee, '0.12345678');
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ venta: '100.00', tasa_venta: '40.0000', comision_usd: '0.12345678' });
    await waitFor(() => expect(fee.value).toBe(''));
  });

  it('sends no fee as 0 when the field is left empty', async () => {
    const { calls, user, fill, submit } = await setup();
    await fill({ compra: '10', tasaCompra: '40' });
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ compra: '10.00', comision_usd: '0.00000000' });
  });

  it('shows the docs/product.md#money messages and sends nothing when invalid', async () => {
    const { calls, user, fill, submit } = await setup();
    await user.click(submit());
    expect(await screen.findByText(messages.txNeedsAmount)).toBeTruthy();
    await fill({ venta: '100' });
    await user.click(submit());
    expect(await screen.findByText(messages.txNeedsSaleRate)).toBeTruthy();
    await fill({ compra: '50' });
    await user.click(submit());
    expect(await screen.findByText(messages.txNeedsPurchaseRate)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("reads 'Agregando...' while sending, sends the ledger, day and an Idempotency-Key, then clears the form", async () => {
    let release: (r: Response) => void = () => undefined;
    const { calls, user, fill, submit, field } = await setup(() => new Promise<Response>((r) => (release = r)));
    await fill({ venta: '100', tasaVenta: '40', compra: '100', tasaCompra: '38' });
    await user.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Agregando...'));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    // Submitting again while sending (Enter in a field) sends nothing.
    const form = submit().closest('form');
    if (form) fireEvent.submit(form);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/api/transactions');
    expect(call?.body).toMatchObject({
      venta: '100.00',
      tasa_venta: '40.0000',
      compra: '100.00',
      tasa_compra: '38.0000',
      ledgerId: LEDGER,
      fecha: '2026-11-20',
      ganancia: 5.26,
    });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    release(json(201, { transaction: {} }));
    await waitFor(() => expect(submit().textContent).toBe('Agregar Transacción'));
    expect((field('Venta (USD)') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('profit-preview')).toBeNull();
  });

  it('reuses the Idempotency-Key when the same submission is retried, and uses a new one for the next form', async () => {
    let fail = true;
    const { calls, onError, user, fill, submit } = await setup(() =>
      fail
        ? json(500, { error: 'Ha ocurrido un error en el servidor. Intenta de nuevo.', code: 'INTERNAL_ERROR' })
        : json(201, { transaction: {} }),
    );
    await fill({ venta: '10', tasaVenta: '40' });
    await user.click(submit());
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[1]).toBe(messages.txCreateError);
    expect(onError.mock.calls[0]?.[2]).toBe('Error de conexión al crear la transacción'); // packages/shared/src/errors.ts, when offline
    fail = false;
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
    await waitFor(() => expect(submit().textContent).toBe('Agregar Transacción'));
    await fill({ compra: '10', tasaCompra: '39' });
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.headers['idempotency-key']).not.toBe(calls[0]?.headers['idempotency-key']);
  });
});

describe('new-transaction form without a connection (docs/product.md#working-offline)', () => {
  afterEach(async () => {
    restoreOnline();
    await offlineQueue.setUser(null);
  });

  it('a create that gets no HTTP answer is queued under the key it was sent with: no "Error de conexión", the form is free', async () => {
    await offlineQueue.setUser('form-user-1');
    setOnline(true);
    const { calls, onError, fill, user, submit, field } = await setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await fill({ venta: '100', tasaVenta: '40', compra: '100', tasaCompra: '38' });
    await user.click(submit());
    await waitFor(() => expect(offlineQueue.snapshot()).toHaveLength(1));
    const [op] = offlineQueue.snapshot();
    expect(op).toMatchObject({ kind: 'create', status: 'pending', ledgerId: LEDGER, idempotencyKey: calls[0]?.headers['idempotency-key'] });
    // (100 × 40 − 100 × 38) / 38 = 5.263… → 5.26: the preview travels with the queued item.
    expect(op?.kind === 'create' && op.ganancia).toBe(5.26);
    expect(onError).not.toHaveBeenCalled();
    await waitFor(() => expect((field('Venta (USD)') as HTMLInputElement).value).toBe(''));
  });

  it('offline, "Agregar" sends nothing and queues the transaction', async () => {
    await offlineQueue.setUser('form-user-2');
    setOnline(false);
    const { calls, onError, fill, user, submit } = await setup();
    await fill({ venta: '10', tasaVenta: '40' });
    await user.click(submit());
    await waitFor(() => expect(offlineQueue.snapshot()).toHaveLength(1));
    expect(calls).toHaveLength(0);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a 4xx answer is not queued: the server said no, the form shows why', async () => {
    await offlineQueue.setUser('form-user-3');
    setOnline(true);
    const { onError, fill, user, submit } = await setup(() => json(403, { error: 'Sin permiso', code: 'FORBIDDEN' }));
    await fill({ venta: '10', tasaVenta: '40' });
    await user.click(submit());
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(offlineQueue.snapshot()).toEqual([]);
  });
});

describe('new-transaction form with the parallel rate', () => {
  it('fills a rate with the parallel rate in one click', async () => {
    mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={vi.fn()} parallelRate={310.5} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    const [forSale, forPurchase] = screen.getAllByRole('button', { name: 'Usar tasa paralela (310,50 Bs)' });
    if (forSale) await user.click(forSale);
    expect((screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('310.50');
    if (forPurchase) await user.click(forPurchase);
    expect((screen.getByLabelText('Tasa de compra (Bs)') as HTMLInputElement).value).toBe('310.50');
  });

  // docs/decisions/0019-dashboard-first-paint.md "Nothing moves when the rate and the position arrive":
  // the buttons are there before the rate, so the form does not grow when it comes.
  it('before the rate: both buttons there, disabled and loading; without a rate coming they say ---', async () => {
    mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={vi.fn()} />);
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    const waiting = screen.getAllByRole('button', { name: /^Usar tasa paralela/ });
    expect(waiting).toHaveLength(2);
    for (const b of waiting) {
      expect((b as HTMLButtonElement).disabled).toBe(true);
      // MUI's loading indicator, labelled by its button; it only turns (no stroke animation redrawn
      // on the main thread every frame: docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
      expect(b.querySelector('[role="progressbar"]')?.getAttribute('aria-labelledby')).toBe(b.id);
      expect(b.querySelector('.MuiCircularProgress-circleDisableShrink')).not.toBeNull();
    }
    cleanup();
    renderWithProviders(<TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={vi.fn()} parallelRateMissing />);
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    const missing = screen.getAllByRole('button', { name: 'Usar tasa paralela (---)' });
    expect(missing).toHaveLength(2);
    for (const b of missing) {
      expect((b as HTMLButtonElement).disabled).toBe(true);
      expect(b.querySelector('[role="progressbar"]')).toBeNull();
    }
    expect((screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('');
  });
});
