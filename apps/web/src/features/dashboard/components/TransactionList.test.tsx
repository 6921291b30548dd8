import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { TransactionRow } from '../api/types';
import { json, mockFetch, renderWithProviders } from '../test/harness';
import { TransactionList } from './TransactionList';

const LEDGER = '11111111-1111-4111-8111-111111111111';
const tx: TransactionRow = {
  id: '22222222-2222-4222-8222-222222222222',
  ledgerId: LEDGER,
  bs_recibidos: 4000,
  bs_pagados: 0,
  createdAt: '2026-11-21T12:00:00.000Z',
  venta: 100,
  tasa_venta: 40,
  compra: 0,
  tasa_compra: 0,
  notas: null,
  esta_verificada: false,
  ganancia_transaccion_ves: 4000,
  ganancia_transaccion_usd: 100,
  ganancia_acumulada_ves_hasta_esta_transaccion: 4000,
  ganancia_acumulada_usd_hasta_esta_transaccion: 100,
  fecha: '2026-11-20',
  version: 1,
  createdBy: { id: 'u1', user_name: 'Ana' },
};

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
    await vi.waitFor(() => expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', `/api/transactions/${tx.id}/toggle-verify`, { esta_verificada: true }],
    ]));
    answer(json(200, { transaction: { ...tx, esta_verificada: true } }));
  });
});
