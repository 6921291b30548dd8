import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, t } from '@arb/shared';
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
    // A text field with the decimal keypad: a native number input read "318,5" as 3185 (issue 36).
    const venta = screen.getByLabelText('Venta (USD)');
    expect([venta.getAttribute('type'), venta.getAttribute('inputmode')]).toEqual(['text', 'decimal']);
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

  it('shows amounts and rates in es-ES on blur, whichever separator was typed (issue 36)', async () => {
    const { fill, user, field } = await setup();
    await fill({ venta: '12.5', tasaVenta: '318,5', compra: '1500', tasaCompra: '319.1234' });
    await user.tab();
    expect((field('Venta (USD)') as HTMLInputElement).value).toBe('12,50');
    expect((field('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('318,50'); // not 3185.00
    expect((field('Compra (USD)') as HTMLInputElement).value).toBe('1.500,00');
    expect((field('Tasa de compra (Bs)') as HTMLInputElement).value).toBe('319,1234'); // not 3191234
  });

  it('sends "318,5" as 318,5 and previews with it', async () => {
    const { calls, user, fill, submit } = await setup();
    await fill({ venta: '100', tasaVenta: '318,5', compra: '100', tasaCompra: '312,5' });
    // (100 × 318,5 − 100 × 312,5) / 312,5 = 600 / 312,5 = 1,92 USD
    expect(screen.getByTestId('profit-preview').textContent).toBe('Ganancia estimada: 1,92 USD');
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ venta: '100.00', tasa_venta: '318.5000', compra: '100.00', tasa_compra: '312.5000' });
  });

  it('refuses an ambiguous or unreadable number visibly, as the field is left, and sends nothing', async () => {
    const { calls, user, fill, submit, field } = await setup();
    await fill({ venta: '1.500', tasaVenta: '40' }); // 1,5 or 1500 USD?
    await user.tab();
    expect(field('Venta (USD)').getAttribute('aria-invalid')).toBe('true');
    const ambiguous = t('numberAmbiguous', { text: '1.500', decimals: '1,50', thousands: '1.500,00' });
    expect(await screen.findByText(ambiguous)).toBeTruthy();
    expect((field('Venta (USD)') as HTMLInputElement).value).toBe('1.500'); // left as typed
    // Fixed before any submit, the message goes as the field is left.
    await user.clear(field('Venta (USD)'));
    await user.type(field('Venta (USD)'), '1500');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(ambiguous)).toBeNull());
    await user.clear(field('Venta (USD)'));
    await user.type(field('Venta (USD)'), '1.500');
    await user.click(submit());
    expect(await screen.findByText(ambiguous)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(field('Venta (USD)'));
    await user.type(field('Venta (USD)'), 'diez');
    await user.click(submit());
    expect(await screen.findByText(messages.numberNotANumber)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('counts the notes as they are typed and takes no more than 1000 characters', async () => {
    const { user, field } = await setup();
    const notes = field('Notas') as HTMLTextAreaElement;
    expect(notes.getAttribute('maxlength')).toBe('1000');
    expect(screen.queryByText(/caracteres$/)).toBeNull(); // the empty form keeps its height
    await user.type(notes, 'hola');
    expect(screen.getByText('4/1000 caracteres')).toBeTruthy();
  });

  it('sends the fee (docs/product.md#binance-import): up to 8 decimals, decimal keypad; a negative or 9-decimal fee is refused in Spanish', async () => {
    const { calls, user, fill, submit, field } = await setup();
    const fee = field('Comisión (USD)') as HTMLInputElement;
    expect(fee.getAttribute('inputmode')).toBe('decimal');
    await fill({ venta: '100', tasaVenta: '40' });
    await user.type(fee, '0.123456789');
    await user.click(submit());
    expect(await screen.findByText(t('numberTooManyDecimals', { n: 8 }))).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(fee);
    await user.type(fee, '-1');
    await user.click(submit());
    expect(await screen.findByText(messages.numberNegative)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(fee);
    await user.type(fee, '0,12345678');
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
    expect((screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('310,50');
    if (forPurchase) await user.click(forPurchase);
    expect((screen.getByLabelText('Tasa de compra (Bs)') as HTMLInputElement).value).toBe('310,50');
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

describe('new-transaction form while a create is on its way (issue 36)', () => {
  it('keeps the next trade typed during "Agregando..." and clears only what was sent', async () => {
    let release: (r: Response) => void = () => undefined;
    const { calls, user, fill, submit, field } = await setup(() => new Promise<Response>((r) => (release = r)));
    await fill({ venta: '100', tasaVenta: '40' });
    await user.type(field('Notas'), 'primera');
    await user.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Agregando...'));
    // The next trade, typed while the first one is sent: a new amount and a purchase.
    await user.clear(field('Venta (USD)'));
    await user.type(field('Venta (USD)'), '80');
    await fill({ compra: '50', tasaCompra: '39,5' });
    release(json(201, { transaction: {} }));
    await waitFor(() => expect(submit().textContent).toBe('Agregar Transacción'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ venta: '100.00', tasa_venta: '40.0000', notas: 'primera' });
    // What was typed meanwhile is intact; what still held the sent values is cleared.
    expect((field('Venta (USD)') as HTMLInputElement).value).toBe('80,00'); // shown in es-ES as the user left it
    expect((field('Compra (USD)') as HTMLInputElement).value).toBe('50,00');
    expect((field('Tasa de compra (Bs)') as HTMLInputElement).value).toBe('39,5');
    expect((field('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('');
    expect((field('Notas') as HTMLTextAreaElement).value).toBe('');
    // The next trade is sent under a new key, with what was typed.
    await fill({ tasaVenta: '41' });
    await user.click(submit());
    release(json(201, { transaction: {} }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ venta: '80.00', tasa_venta: '41.0000', compra: '50.00', tasa_compra: '39.5000', notas: null });
    expect(calls[1]?.headers['idempotency-key']).not.toBe(calls[0]?.headers['idempotency-key']);
  });

  it('a sent field written es-ES as it is left during "Agregando..." is still what was sent, and is cleared', async () => {
    let release: (r: Response) => void = () => undefined;
    const { calls, user, fill, submit, field } = await setup(() => new Promise<Response>((r) => (release = r)));
    await fill({ venta: '5', tasaVenta: '318' });
    // Sent with Enter from the rate field, then the next field is clicked: the rate is left while
    // it is sent and shows "318,00". Without care it stayed after the answer, ready to go again.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(submit().textContent).toBe('Agregando...'));
    await user.click(field('Compra (USD)'));
    expect((field('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('318,00');
    await user.keyboard('80');
    release(json(201, { transaction: {} }));
    await waitFor(() => expect(submit().textContent).toBe('Agregar Transacción'));
    expect(calls[0]?.body).toMatchObject({ venta: '5.00', tasa_venta: '318.0000' });
    expect((field('Venta (USD)') as HTMLInputElement).value).toBe('');
    expect((field('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('');
    expect((field('Compra (USD)') as HTMLInputElement).value).toBe('80'); // typed meanwhile: kept
  });

  it('a fast answer in the middle of typing eats no keystroke ("80" stayed "0.00")', async () => {
    let release: (r: Response) => void = () => undefined;
    const { user, fill, submit, field } = await setup(() => new Promise<Response>((r) => (release = r)));
    await fill({ venta: '100', tasaVenta: '40' });
    await user.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Agregando...'));
    await user.clear(field('Venta (USD)'));
    await user.type(field('Venta (USD)'), '8');
    release(json(201, { transaction: {} }));
    await waitFor(() => expect(submit().textContent).toBe('Agregar Transacción'));
    await user.type(field('Venta (USD)'), '0');
    await user.tab();
    expect((field('Venta (USD)') as HTMLInputElement).value).toBe('80,00');
  });

  it('queued offline, the form clears what was queued', async () => {
    await offlineQueue.setUser('form-user-9');
    setOnline(false);
    const { user, fill, submit, field } = await setup();
    await fill({ venta: '10', tasaVenta: '40' });
    await user.click(submit());
    await waitFor(() => expect(offlineQueue.snapshot()).toHaveLength(1));
    await waitFor(() => expect((field('Venta (USD)') as HTMLInputElement).value).toBe(''));
    expect((field('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('');
    restoreOnline();
    await offlineQueue.setUser('form-user-10'); // an empty queue for the tests after this one
  });
});

describe('a rate far from the parallel one (docs/product.md#money)', () => {
  it('asks "¿Seguro?" with the real factor before sending, and sends only when confirmed', async () => {
    const calls = mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={vi.fn()} parallelRate={312.1234} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    await user.type(screen.getByLabelText('Venta (USD)'), '100');
    await user.type(screen.getByLabelText('Tasa de venta (Bs)'), '3185'); // "318,5" with the comma lost
    await user.click(screen.getByRole('button', { name: 'Agregar Transacción' }));
    // 3185 / 312,1234 = 10,20… times the parallel rate
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¿Seguro? La tasa de venta es 10,2 veces la paralela (312,1234 Bs)');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
    expect((screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('3.185,00'); // kept to fix
    await user.click(screen.getByRole('button', { name: 'Agregar Transacción' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar igualmente' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ venta: '100.00', tasa_venta: '3185.0000' });
  });

  it('asks nothing for a rate near the parallel one', async () => {
    const calls = mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={vi.fn()} parallelRate={312.1234} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    await user.type(screen.getByLabelText('Venta (USD)'), '100');
    await user.type(screen.getByLabelText('Tasa de venta (Bs)'), '318,5');
    await user.click(screen.getByRole('button', { name: 'Agregar Transacción' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls[0]?.body).toMatchObject({ tasa_venta: '318.5000' });
  });
});
