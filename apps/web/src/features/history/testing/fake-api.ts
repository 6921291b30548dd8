import { vi } from 'vitest';
import { saveSession } from '../../../shared/lib/session';

export type Reply = { status: number; body?: unknown };
/** Answers by path (the part before '?'); a function sees the whole URL. */
export type Routes = Record<string, Reply | ((url: URL) => Reply)>;

/** A fetch stub that answers the app's API calls from a table, 404 for anything else. */
export function fakeApi(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname];
    const reply =
      typeof route === 'function' ? route(url) : (route ?? { status: 404, body: { error: 'Recurso no encontrado', code: 'NOT_FOUND' } });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (pathname: string) =>
    fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === pathname);
  return { fetchMock, calls };
}

/** A signed-in session whose access token is far from expiry, so api() sends it as is. */
export function signIn(): void {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r' });
}
