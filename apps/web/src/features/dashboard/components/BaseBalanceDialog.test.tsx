import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, t } from '@arb/shared';
import { json, mockFetch, renderWithProviders } from '../test/harness';
import { BaseBalanceDialog, type BaseCurrency } from './BaseBalanceDialog';

const LEDGER = '11111111-1111-4111-8111-111111111111';

function setup(currency: BaseCurrency, heredado = { heredado_ves: false, heredado_usd: true }) {
  const calls = mockFetch(() => json(200, { saldo_base_ves: 1, saldo_base_usd: 1, fecha: '2026-11-20', heredado: false }));
  const onSaved = vi.fn();
  renderWithProviders(
    <BaseBalanceDialog
      currency={currency}
      ledgerId={LEDGER}
      fecha="2026-11-20"
      base={{ saldo_base_ves: 5000, saldo_base_usd: 120.5, ...heredado }}
      onClose={vi.fn()}
      onSaved={onSaved}
      onError={vi.fn()}
    />,
  );
  const input = screen.getByLabelText(currency === 'ves' ? 'Saldo base (Bs.S)' : 'Saldo base (USD)') as HTMLInputElement;
  const save = () => screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
  return { calls, onSaved, input, save, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('base-balance dialogs', () => {
  it('disables Guardar while the field is empty', async () => {
    const { input, save, user } = setup('ves');
    expect(input.value).toBe('5.000,00'); // es-ES, as the rest of the app writes it
    expect([input.type, input.inputMode]).toEqual(['text', 'decimal']);
    expect(save().disabled).toBe(false);
    await user.clear(input);
    expect(save().disabled).toBe(true);
    await user.type(input, '7');
    expect(save().disabled).toBe(false);
  });

  it('refuses a negative or ambiguous value with its reason as the field is left', async () => {
    const { input, save, user, calls } = setup('ves');
    await user.clear(input);
    await user.type(input, '-5');
    await user.tab();
    expect(await screen.findByText(messages.numberNegative)).toBeTruthy();
    expect(save().disabled).toBe(true);
    await user.clear(input);
    await user.type(input, '1.500'); // 1,5 or 1500 Bs?
    await user.tab();
    expect(await screen.findByText(t('numberAmbiguous', { text: '1.500', decimals: '1,50', thousands: '1.500,00' }))).toBeTruthy();
    expect(save().disabled).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('reads the amount typed the Venezuelan way (issue 36)', async () => {
    const { input, save, user, calls, onSaved } = setup('ves');
    await user.clear(input);
    await user.type(input, '1.234.567,5');
    await user.tab();
    expect(input.value).toBe('1.234.567,50');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ saldo_base_ves: '1234567.50', fecha: '2026-11-20' });
  });

  // docs/product.md#balances-of-a-day (issue 17): sending the other currency too froze its carry-forward and, when the
  // inherited value was negative, made the whole save fail with a 400.
  it('sends only its own currency, so the other one keeps its state', async () => {
    const { input, save, user, calls, onSaved } = setup('usd');
    await user.clear(input);
    await user.type(input, '300');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url).toBe(`/api/daily-balances/${LEDGER}`);
    expect(calls[0]?.body).toEqual({ saldo_base_usd: '300.00', fecha: '2026-11-20' });
  });

  it('"Usar saldo heredado" returns an explicit value to inherited', async () => {
    const { user, calls, onSaved } = setup('ves');
    await user.click(screen.getByRole('button', { name: 'Usar saldo heredado' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ saldo_base_ves: null, fecha: '2026-11-20' });
  });

  it('offers "Usar saldo heredado" only on an explicit value', () => {
    setup('usd');
    expect(screen.queryByRole('button', { name: 'Usar saldo heredado' })).toBeNull();
  });
});
