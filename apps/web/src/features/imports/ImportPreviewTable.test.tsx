import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ImportPreviewRow } from '@arb/shared';
import { ImportPreviewTable } from './ImportPreviewTable';

afterEach(cleanup);

const row: ImportPreviewRow = {
  line: 2,
  orderNumber: '22745188745533214720',
  type: 'SELL',
  asset: 'USDT',
  fiat: 'VES',
  price: 312.1234,
  quantity: 1562.25,
  total: 487_619.28, // Binance's own total: 1.562,25 × 312,1234 = 487.619,28 (rounded by Binance)
  fee: 0.00012345,
  counterparty: null,
  status: 'Completed',
  createdAt: '2026-11-20T10:00:00-04:00',
  fecha: '2026-11-20',
  action: 'new',
  warnings: [],
};

describe('ImportPreviewTable', () => {
  it('shows the figures in es-ES with the Bs total and the fee, to compare with Binance (issue 36)', () => {
    render(<ImportPreviewTable rows={[row, { ...row, line: 3, orderNumber: '1', price: null, total: null, fee: null }]} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Línea',
      'Orden',
      'Tipo',
      'Cantidad (USD)',
      'Precio (Bs)',
      'Total (Bs)',
      'Comisión (USD)',
      'Fecha',
      'Resultado',
    ]);
    const [, first, second] = screen.getAllByRole('row');
    const cells = (r: HTMLElement | undefined) =>
      within(r as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(first).slice(3, 7)).toEqual(['1.562,25', '312,1234', '487.619,28', '0,00012345']);
    expect(cells(second).slice(3, 7)).toEqual(['1.562,25', '—', '—', '—']); // what the file did not have
  });
});
