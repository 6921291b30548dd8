import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchRow } from '@arb/shared';
import { fakeApi, signIn } from '../testing/fake-api';
import { renderAt } from '../testing/render';
import { SearchSection } from './SearchSection';

const row = (i: number, over: Partial<SearchRow> = {}): SearchRow => ({
  id: `t${i}`,
  fecha: '2026-03-12',
  ocurrido_en: '2026-03-12T15:00:00.000Z',
  venta: 0,
  tasa_venta: 0,
  compra: 50,
  tasa_compra: 39,
  notas: `nota ${i}`,
  referencia: null,
  contraparte: null,
  origen: 'manual',
  esta_verificada: false,
  cuenta_ves_id: null,
  cuenta_usd_id: null,
  createdBy: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Buscar operaciones', () => {
  it('searches a reference and opens the hit on its day', async () => {
    signIn();
    const { calls } = fakeApi({
      '/api/ledgers/L1/transactions/search': {
        status: 200,
        body: {
          rows: [row(1, { fecha: '2024-05-02', referencia: '22745188745533214711', contraparte: 'juanito', origen: 'binance_p2p' })],
          total: 1,
          mas: false,
          page: 1,
        },
      },
    });
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), '5533214711');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const hit = await screen.findByRole('link', { name: /22745188745533214711 · juanito/ });
    const sent = calls('/api/ledgers/L1/transactions/search')[0]!;
    expect(sent.searchParams.get('q')).toBe('5533214711');
    expect(sent.searchParams.has('tipo')).toBe(false);
    expect(screen.getByText('1 operaciones')).toBeTruthy();
    await userEvent.click(hit);
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/dashboard?ledger=L1&date=2024-05-02');
    expect(where.getAttribute('data-picked-day')).toBe('true');
  });

  it('says a text needs 3 characters without asking the server', async () => {
    signIn();
    const { calls } = fakeApi({});
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Escribe al menos 3 caracteres para buscar')).toBeTruthy();
    expect(calls('/api/ledgers/L1/transactions/search')).toHaveLength(0);
  });

  it('pages through more than 1,000 matches and says so', async () => {
    signIn();
    const { calls } = fakeApi({
      '/api/ledgers/L1/transactions/search': (url) => ({
        status: 200,
        body: {
          rows: [row(Number(url.searchParams.get('page') ?? 1))],
          total: 1000,
          mas: true,
          page: Number(url.searchParams.get('page') ?? 1),
        },
      }),
    });
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), 'binance');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Más de 1.000 operaciones: afina la búsqueda')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('nota 2');
    await waitFor(() => expect(calls('/api/ledgers/L1/transactions/search').at(-1)!.searchParams.get('page')).toBe('2'));
  });
});
