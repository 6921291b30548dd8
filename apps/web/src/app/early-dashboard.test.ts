import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@arb/shared';
import { json, mockFetch } from '../features/dashboard/test/harness';
import { startDashboardEarly } from './early-dashboard';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { settledInitialData, takePrefetched, takeSettled, PREFETCH_MAX_AGE_MS, prefetch } from '../shared/query/prefetched';
import { clearQueries } from '../shared/query/clear-queries';
import { ledgersQueryOptions, useLedgers } from '../features/ledgers/api/get-ledgers';
import { balancesQueryOptions } from '../features/dashboard/api/get-balances';
import { balancesUrl } from '../features/dashboard/api/fetch-balances';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;
const fresh = () => jwt(Math.floor(Date.now() / 1000) + 3600);
const L1 = { id: 'l1', name: 'Personal' };
const L2 = { id: 'l2', name: 'Grupo' };
const DAY = { resumen: {}, transacciones_con_acumulados: [], saldos_base: {} };

function signIn(token = fresh(), id = 'u1') {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ id, email: 'ana@example.com', role: 'USER', email_verified: true }));
}

/** Runs a query's queryFn as TanStack Query would. */
function run<T>(options: { queryFn?: unknown }): Promise<T> {
  return (options.queryFn as (ctx: { signal: AbortSignal }) => Promise<T>)({ signal: new AbortController().signal });
}

beforeEach(() => {
  localStorage.clear();
  clearQueries();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a signed-in visit to /dashboard asks for its data from the entry (docs/decisions/0019-dashboard-first-paint.md)', () => {
  it('asks for nothing on another page or without a stored session', () => {
    const calls = mockFetch(() => json(200, []));
    expect(startDashboardEarly({ pathname: '/dashboard', search: '' })).toBe(false);
    signIn();
    expect(startDashboardEarly({ pathname: '/login', search: '' })).toBe(false);
    expect(startDashboardEarly({ pathname: '/history', search: '' })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('asks for the ledgers, then the first ledger’s day; the queries take those answers once, without asking again', async () => {
    signIn();
    const calls = mockFetch(({ url }) => json(200, url === '/api/ledgers' ? [L1, L2] : DAY));
    expect(startDashboardEarly({ pathname: '/dashboard', search: '?date=2026-11-20' })).toBe(true);
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/ledgers', balancesUrl('l1', '2026-11-20')]));
    expect(calls[0]!.headers.authorization).toMatch(/^Bearer /);

    await expect(run(ledgersQueryOptions())).resolves.toEqual([L1, L2]);
    await expect(run(balancesQueryOptions('l1', '2026-11-20'))).resolves.toMatchObject(DAY);
    expect(calls).toHaveLength(2);
    // Taken once: a refetch asks the server.
    await run(ledgersQueryOptions());
    expect(calls.map((c) => c.url)).toEqual(['/api/ledgers', balancesUrl('l1', '2026-11-20'), '/api/ledgers']);
  });

  it('the ledger of the query string when the user has it, else the first', async () => {
    signIn();
    const calls = mockFetch(({ url }) => json(200, url === '/api/ledgers' ? [L1, L2] : DAY));
    startDashboardEarly({ pathname: '/dashboard', search: '?ledger=l2&date=2026-11-20' });
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain(balancesUrl('l2', '2026-11-20')));
    clearQueries();
    calls.length = 0;
    startDashboardEarly({ pathname: '/dashboard', search: '?ledger=gone&date=2026-11-20' });
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain(balancesUrl('l1', '2026-11-20')));
  });

  it('a 401 refreshes the token and asks again, as any call does (docs/api.md#calls)', async () => {
    signIn();
    const calls = mockFetch(({ url, headers }) => {
      if (url === '/api/auth/refresh-token') return json(200, { accessToken: fresh() + 'x', refreshToken: 'refresh-2' });
      if (url === '/api/ledgers' && !headers.authorization?.endsWith('x')) return json(401, { error: 'Token inválido' });
      return json(200, url === '/api/ledgers' ? [L1] : DAY);
    });
    startDashboardEarly({ pathname: '/dashboard', search: '?date=2026-11-20' });
    await expect(run(ledgersQueryOptions())).resolves.toEqual([L1]);
    expect(calls.map((c) => c.url).slice(0, 3)).toEqual(['/api/ledgers', '/api/auth/refresh-token', '/api/ledgers']);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('a failed answer reaches the query as its error', async () => {
    signIn();
    mockFetch(() => json(403, { error: 'Prohibido' }));
    startDashboardEarly({ pathname: '/dashboard', search: '' });
    await expect(run(ledgersQueryOptions())).rejects.toMatchObject({ status: 403 });
  });
});

describe('answers asked ahead (shared/query/prefetched.ts)', () => {
  it('are handed over only to the same user, while recent, and never after sign-in clears them', async () => {
    signIn(fresh(), 'u1');
    void prefetch('k', async () => 1);
    signIn(fresh(), 'u2');
    expect(takePrefetched('k')).toBeUndefined();

    signIn(fresh(), 'u1');
    void prefetch('k', async () => 2);
    expect(takePrefetched('k', Date.now() + PREFETCH_MAX_AGE_MS + 1)).toBeUndefined();

    void prefetch('k', async () => 3);
    clearQueries();
    expect(takePrefetched('k')).toBeUndefined();

    void prefetch('k', async () => 4);
    await expect(takePrefetched('k')).resolves.toBe(4);
    expect(takePrefetched('k')).toBeUndefined();
  });

  it('an answer already arrived is a query’s initial data, with when it arrived, once; one in flight stays for the queryFn', async () => {
    signIn(fresh(), 'u1');
    const slow = prefetch('slow', () => new Promise<number>(() => undefined));
    expect(settledInitialData<number>('slow').initialData()).toBeUndefined();
    expect(takePrefetched('slow')).toBe(slow);

    const before = Date.now();
    await prefetch('k', async () => [L1]);
    const initial = settledInitialData<(typeof L1)[]>('k');
    expect(initial.initialData()).toEqual([L1]);
    expect(initial.initialDataUpdatedAt()).toBeGreaterThanOrEqual(before);
    // Taken: neither a second query nor the queryFn gets it again.
    expect(settledInitialData('k').initialData()).toBeUndefined();
    expect(takePrefetched('k')).toBeUndefined();

    // Another user's, or an old one, is never handed over.
    await prefetch('k', async () => 5);
    signIn(fresh(), 'u2');
    expect(takeSettled('k')).toBeUndefined();
    await prefetch('k', async () => 6);
    expect(takeSettled('k', Date.now() + PREFETCH_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('the ledger list opens with the answer the entry asked for: no pending state, no second request', async () => {
    signIn();
    const calls = mockFetch(({ url }) => json(200, url === '/api/ledgers' ? [L1, L2] : DAY));
    startDashboardEarly({ pathname: '/dashboard', search: '?date=2026-11-20' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useLedgers(), { wrapper });
    // In the first render already.
    expect(result.current.data).toEqual([L1, L2]);
    expect(result.current.isFetching).toBe(false);
    expect(calls).toHaveLength(2);
  });
});
