import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../shared/lib/session';
import { useParallelRateState } from './index';

let body: unknown;
const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
  String(input).endsWith('/api/rates/paralelo')
    ? new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    : new Response('{}', { status: 404 }),
);

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useParallelRateState(), { wrapper });
}

beforeEach(() => {
  localStorage.clear();
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r' });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useParallelRateState (fills the new-transaction form)', () => {
  it('has no rate until the parallel rate arrives, then its promedio (never missing)', async () => {
    body = { promedio: 319.375, fechaActualizacion: null, fuente: 'Binance P2P', stale: false, obtenidoEn: new Date().toISOString() };
    const { result } = render();
    expect(result.current).toEqual({ rate: undefined, missing: false });
    await waitFor(() => expect(result.current).toEqual({ rate: 319.375, missing: false }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('has no rate, and says it is missing, when the answer carries no usable rate (0)', async () => {
    body = { promedio: 0, fechaActualizacion: null, fuente: 'DolarApi paralelo', stale: true, obtenidoEn: new Date().toISOString() };
    const { result } = render();
    await waitFor(() => expect(result.current).toEqual({ rate: undefined, missing: true }));
  });

  it('not missing while asked, missing once an answer has no rate at all (null)', async () => {
    body = { promedio: null, fechaActualizacion: null, fuente: 'DolarApi paralelo', stale: true, obtenidoEn: new Date().toISOString() };
    const { result } = render();
    expect(result.current).toEqual({ rate: undefined, missing: false });
    await waitFor(() => expect(result.current).toEqual({ rate: undefined, missing: true }));
  });
});
