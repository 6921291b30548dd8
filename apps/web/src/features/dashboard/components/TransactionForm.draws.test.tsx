import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Mui from '@mui/material';
import { json, mockFetch, renderWithProviders } from '../test/harness';
import { TransactionForm } from './TransactionForm';

// Every drawing of the form's buttons ("Usar tasa paralela" in each column, "Agregar Transacción").
const buttonDraws = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('@mui/material', async (importOriginal) => {
  const real = await importOriginal<typeof Mui>();
  return {
    ...real,
    Button: (props: Mui.ButtonProps) => {
      buttonDraws.texts.push(String(props.children));
      return <real.Button {...props} />;
    },
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/*
 * docs/decisions/0027-fewer-redraws-of-the-dashboard.md: the form comes in three commits (the
 * sale, the purchase, the rest), and React Hook Form draws it a second time as it mounts; a part
 * that did not change must not be drawn again, by either.
 */
describe('new-transaction form, drawing', () => {
  it('comes in three parts, top to bottom, each drawn once; a change draws only its part again', async () => {
    mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<TransactionForm ledgerId="l-1" fecha="2026-11-20" onError={vi.fn()} />);
    // First the sale alone, the form marked busy.
    const venta = screen.getByLabelText('Venta (USD)');
    expect(screen.queryByLabelText('Compra (USD)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar Transacción' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Nueva Transacción' }).getAttribute('aria-busy')).toBe('true');
    // Then the purchase, then the rest.
    await screen.findByLabelText('Compra (USD)');
    await screen.findByRole('button', { name: 'Agregar Transacción' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByRole('region', { name: 'Nueva Transacción' }).getAttribute('aria-busy')).toBe('false');
    expect(buttonDraws.texts).toEqual(['Usar tasa paralela', 'Usar tasa paralela', 'Agregar Transacción']);
    // A sale's value draws the sale again, nothing else.
    buttonDraws.texts.length = 0;
    await userEvent.setup().type(venta, '1');
    expect(buttonDraws.texts).toEqual(['Usar tasa paralela']);
  });

  it('reached before it is whole (a field focused), draws the rest at once, so Enter can submit', async () => {
    mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(<TransactionForm ledgerId="l-1" fecha="2026-11-20" onError={vi.fn()} />);
    const venta = screen.getByLabelText('Venta (USD)');
    expect(screen.queryByRole('button', { name: 'Agregar Transacción' })).toBeNull();
    act(() => venta.focus());
    expect(screen.getByLabelText('Compra (USD)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar Transacción' })).toBeTruthy();
  });
});
