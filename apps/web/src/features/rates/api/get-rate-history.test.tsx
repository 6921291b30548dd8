import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../shared/lib/session';
import { useRateHistory } from '../index';

const answer = { dias: [{ fecha: '2026-11-20', oficial: 236.4567, paralelo: 310.5 }] };
const fetchMock = vi.fn(
  async (_input: RequestInfo | URL) =>
    new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
);

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

describe('useRateHistory (GET /api/rates/history)', () => {
  it('asks for the range and gives the days as the server answers them', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useRateHistory('2026-11-20', '2026-11-20'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(answer));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/rates/history?desde=2026-11-20&hasta=2026-11-20');
  });
});
