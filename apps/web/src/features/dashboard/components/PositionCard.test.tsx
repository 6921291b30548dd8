import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '../test/harness';
import { PositionCard } from './PositionCard';

const LEDGER = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('PositionCard (docs/product.md#profit-method-and-position)', () => {
  it('an open short: its size, its average and the unrealized profit at the rate it names', async () => {
    const calls = mockFetch(() =>
      json(200, {
        fecha: '2026-11-20',
        posicion_usd: -100,
        costo_promedio: 250,
        realizado_ves: 0,
        realizado_usd: 0,
        comisiones_usd: 0,
        referencia: { tasa: 260, fuente: 'paralelo', fecha: '2026-11-20' },
        no_realizado_ves: -1000,
        no_realizado_usd: -3.85,
      }),
    );
    renderWithProviders(<PositionCard ledgerId={LEDGER} fecha="2026-11-20" />);
    expect((await screen.findByTestId('position-open')).textContent).toContain('(vendidos)');
    expect(screen.getByTestId('position-average').textContent).toMatch(/250/);
    expect(screen.getByTestId('position-unrealized').textContent).toMatch(/-3,85/);
    expect(screen.getByText(/tasa paralelo/)).toBeTruthy();
    expect(calls[0]?.url).toBe(`/api/ledgers/${LEDGER}/position?fecha=2026-11-20`);
  });

  it('flat: "Sin posición abierta"', async () => {
    mockFetch(() => json(200, { posicion_usd: 0, costo_promedio: 0, referencia: null, no_realizado_ves: null, no_realizado_usd: null }));
    renderWithProviders(<PositionCard ledgerId={LEDGER} fecha="2026-11-20" />);
    expect((await screen.findByTestId('position-flat')).textContent).toBe('Sin posición abierta');
  });

  // docs/decisions/0019-dashboard-first-paint.md "Nothing moves when the rate and the position arrive".
  it('while the answer is awaited: a busy card with a hidden placeholder row, gone once the answer is there', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((r) => (answer = r)));
    renderWithProviders(<PositionCard ledgerId={LEDGER} fecha="2026-11-20" />);
    const card = screen.getByRole('region', { name: 'Posición' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    const row = screen.getByTestId('position-loading');
    expect(row.getAttribute('aria-hidden')).toBe('true');
    answer(json(200, { posicion_usd: 0, costo_promedio: 0, referencia: null, no_realizado_ves: null, no_realizado_usd: null }));
    await screen.findByTestId('position-flat');
    expect(card.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByTestId('position-loading')).toBeNull();
  });
});
