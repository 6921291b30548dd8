import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS, type Ledger, type SessionUser } from '@arb/shared';
import { AuthProvider } from '../../shared/auth/auth-context';

export const owner: SessionUser = {
  id: 'u-owner',
  email: 'olga@example.com',
  user_name: 'Olga',
  role: 'USER',
  email_verified: true,
  phone_number: null,
};
export const member: SessionUser = {
  id: 'u-bea',
  email: 'bea@example.com',
  user_name: 'Bea',
  role: 'USER',
  email_verified: true,
  phone_number: null,
};

export function ledgerFixture(overrides: Partial<Ledger> = {}): Ledger {
  return {
    id: 'l-1',
    name: 'Casa de cambio',
    ownerId: owner.id,
    owner: { id: owner.id, user_name: owner.user_name, email: owner.email },
    inviteCode: 'abcDEF123_-xyz',
    members: [
      {
        userId: owner.id,
        canModifyBalance: true,
        soloLectura: false,
        user: { id: owner.id, user_name: owner.user_name, email: owner.email },
      },
      {
        userId: member.id,
        canModifyBalance: false,
        soloLectura: false,
        user: { id: member.id, user_name: member.user_name, email: member.email },
      },
    ],
    _count: { transactions: 3 },
    metodo_ganancia: 'por_operacion',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Stores a session whose access token is valid for an hour, as a logged-in browser would have. */
export function signIn(user: SessionUser): void {
  const payload = btoa(JSON.stringify({ sub: user.id, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(STORAGE_KEYS.authToken, `h.${payload}.s`);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
}

type Handler = (body: unknown) => { status?: number; json?: unknown };

/** A fake API: `'METHOD /path'` → answer. Records every call. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      if (!handler) return new Response(JSON.stringify({ error: 'no route', code: 'NOT_FOUND' }), { status: 404 });
      const { status = 200, json } = handler(body);
      return new Response(status === 204 ? null : JSON.stringify(json ?? {}), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Renders `element` at `path` inside the app's providers; other paths render their name. */
export function renderAt(path: string, routePath: string, element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '/login', element: <p>pantalla de login</p> },
      { path: '/dashboard', element: <p>pantalla del dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}
