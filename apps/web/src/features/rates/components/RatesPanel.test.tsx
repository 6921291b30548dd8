import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RATES_REFRESH_MS, type RateAnswer } from '@arb/shared';
import { saveSession } from '../../../shared/lib/session';
import { RatesPanel } from './RatesPanel';

type Panel = 'oficial' | 'paralelo';
type Reply = { status: number; body: unknown };

const ok = (body: Partial<RateAnswer> & Record<string, unknown>): Reply => ({ status: 200, body });
const oficial = ok({
  promedio: 236.4567,
  fechaActualizacion: '2026-11-20T00:00:00-04:00',
  fuente: 'BCV',
  stale: false,
  obtenidoEn: new Date().toISOString(),
});
const paralelo = ok({
  promedio: 310.5,
  fechaActualizacion: '2026-11-21T18:30:00.000Z',
  fuente: 'Binance P2P',
  stale: false,
  obtenidoEn: new Date().toISOString(),
});
const badGateway: Reply = { status: 502, body: { error: 'No se pudo obtener la tasa de cambio', code: 'BAD_GATEWAY' } };

let replies: Record<Panel, Reply>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = String(input);
  const panel = url.endsWith('/api/rates/oficial') ? 'oficial' : url.endsWith('/api/rates/paralelo') ? 'paralelo' : undefined;
  if (!panel) return new Response('{}', { status: 404 });
  const { status, body } = replies[panel];
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});
const calls = (panel: Panel) => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(`/api/rates/${panel}`)).length;

/** A signed-in session whose access token is far from expiry, so api() sends it as is. */
function signIn() {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r' });
}

function renderPanel(): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(<RatesPanel />, { wrapper });
}

const line = (panel: Panel) => within(screen.getByTestId(`rate-${panel}`));

beforeEach(() => {
  localStorage.clear();
  signIn();
  replies = { oficial, paralelo };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  // vitest runs without globals, so Testing Library cannot unmount by itself.
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('RatesPanel (docs/product.md#screens exchange-rate panel)', () => {
  it('shows both rates with their es-ES update dates and sources', async () => {
    renderPanel();
    expect(await screen.findByText('236,4567 Bs')).toBeTruthy();
    expect(line('oficial').getByText('Actualizado: 20/11/26, 0:00')).toBeTruthy();
    expect(line('oficial').getByText('Fuente: BCV')).toBeTruthy();
    expect(line('paralelo').getByText('310,50 Bs')).toBeTruthy();
    expect(line('paralelo').getByText('Actualizado: 21/11/26, 14:30')).toBeTruthy();
    expect(line('paralelo').getByText('Fuente: Binance P2P')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Desactualizada/)).toBeNull();
    // The token goes with the call (docs/api.md#calls).
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).authorization).toMatch(/^Bearer h\./);
  });

  it("while loading shows placeholders, never '---' or 'No disponible' (issue 25)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      await gate;
      return answer(input, init);
    });
    renderPanel();
    expect(line('oficial').getByTestId('rate-oficial-loading')).toBeTruthy();
    expect(line('paralelo').getByTestId('rate-paralelo-loading')).toBeTruthy();
    expect(screen.queryByText('---')).toBeNull();
    expect(screen.queryByText(/No disponible/)).toBeNull();
    release();
    expect(await screen.findByText('236,4567 Bs')).toBeTruthy();
    expect(screen.queryByTestId('rate-oficial-loading')).toBeNull();
    fetchMock.mockImplementation(answer);
  });

  it("a missing value shows '---', a missing date 'No disponible', an invalid one 'Fecha inválida'", async () => {
    replies.oficial = ok({ fechaActualizacion: null, fuente: 'BCV', stale: false, obtenidoEn: new Date().toISOString() });
    replies.paralelo = ok({
      promedio: 300,
      fechaActualizacion: 'ayer',
      fuente: 'DolarApi paralelo',
      stale: false,
      obtenidoEn: new Date().toISOString(),
    });
    renderPanel();
    await waitFor(() => expect(line('paralelo').getByText('300,00 Bs')).toBeTruthy());
    expect(line('oficial').getByTestId('rate-oficial-value').textContent).toBe('---');
    expect(line('oficial').getByText('Actualizado: No disponible')).toBeTruthy();
    expect(line('paralelo').getByText('Actualizado: Fecha inválida')).toBeTruthy();
  });

  it('marks a stale rate with its age', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    replies.paralelo = ok({
      promedio: 310.5,
      fechaActualizacion: '2026-11-21T18:30:00.000Z',
      fuente: 'DolarApi paralelo',
      stale: true,
      obtenidoEn: twoHoursAgo,
    });
    renderPanel();
    expect(await line('paralelo').findByText('Desactualizada (hace 2 horas)')).toBeTruthy();
    expect(line('oficial').queryByText(/Desactualizada/)).toBeNull();
  });

  it("an HTTP failure of either call shows the error with 'Reintentar', which calls again", async () => {
    replies.paralelo = badGateway;
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo obtener la tasa de cambio');
    expect(line('oficial').getByText('236,4567 Bs')).toBeTruthy();
    expect(line('paralelo').getByTestId('rate-paralelo-value').textContent).toBe('---');
    expect(line('paralelo').getByText('Actualizado: No disponible')).toBeTruthy();

    const before = calls('paralelo');
    replies.paralelo = paralelo;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(line('paralelo').getByText('310,50 Bs')).toBeTruthy());
    expect(calls('paralelo')).toBe(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failing official call also shows the alert', async () => {
    replies.oficial = { status: 500, body: { error: 'Ha ocurrido un error en el servidor. Intenta de nuevo.', code: 'INTERNAL_ERROR' } };
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain('Ha ocurrido un error en el servidor');
  });

  it('refreshes every 5 minutes while the page is visible, not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPanel();
    await screen.findByText('236,4567 Bs');
    expect(calls('oficial')).toBe(1);

    replies.oficial = ok({ ...(oficial.body as RateAnswer), promedio: 240 });
    await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS));
    await waitFor(() => expect(line('oficial').getByText('240,00 Bs')).toBeTruthy());
    expect(calls('oficial')).toBe(2);
    expect(calls('paralelo')).toBe(2);

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(2 * RATES_REFRESH_MS));
    expect(calls('oficial')).toBe(2);
  });
});
