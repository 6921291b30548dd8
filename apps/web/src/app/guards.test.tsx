import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS, USER_ROLE_HEADER, type SessionUser } from '@arb/shared';
import { ANA } from './test-users';
import { useAuth, AuthProvider } from '../shared/auth/auth-context';
import { api, userChanged } from '../shared/lib/api-client';
import { json, mockFetch, renderWithProviders, type Call } from '../features/dashboard/test/harness';
import { RequireAuth } from './guards';

/*
 * Issue 25: a user promoted to ADMIN had to sign out and in to reach /admin, and a demoted one kept
 * it, because the web trusted the role stored at login. The server says the role on every
 * authenticated answer (USER_ROLE_HEADER); the web re-reads the user when it differs.
 */

/** An answer carrying the caller's role as the server read it on this request. */
const withRole = (res: Response, role: SessionUser['role']) => {
  res.headers.set(USER_ROLE_HEADER, role);
  return res;
};

/** A page that makes one call, as every screen does, and shows the role the web believes. */
function Screen({ name, url }: { name: string; url: string }) {
  const { user } = useAuth();
  const [answer, setAnswer] = useState('…');
  useEffect(() => {
    api(url, 'error').then(
      () => setAnswer('ok'),
      () => setAnswer('refused'),
    );
  }, [url]);
  return (
    <p>
      {name}: {user?.role} {answer}
    </p>
  );
}

function setup(stored: SessionUser, start: string, answer: (call: Call) => Response) {
  window.localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(stored));
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  const calls = mockFetch(answer);
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <Screen name="Panel de registro" url="/api/ledgers" />
          </RequireAuth>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAuth admin>
            <Screen name="Administración" url="/api/admin/users" />
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [start] },
  );
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return { calls, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the stored role follows the server (issue 25)', () => {
  it('a user promoted since signing in sees the change on their next call, without signing out', async () => {
    const { calls } = setup(ANA, '/dashboard', (call) =>
      call.url === '/api/auth/me' ? withRole(json(200, { user: { ...ANA, role: 'ADMIN' } }), 'ADMIN') : withRole(json(200, []), 'ADMIN'),
    );
    await screen.findByText('Panel de registro: ADMIN ok');
    expect(calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userData)!).role).toBe('ADMIN');
  });

  it("the socket's word (USER_CHANGED) re-reads the user at once, with no call of the page's own", async () => {
    let promoted = false;
    const { calls } = setup(ANA, '/dashboard', (call) => {
      const role = promoted ? 'ADMIN' : 'USER';
      return call.url === '/api/auth/me' ? withRole(json(200, { user: { ...ANA, role } }), role) : withRole(json(200, []), role);
    });
    await screen.findByText('Panel de registro: USER ok');
    promoted = true;
    act(() => userChanged());
    await screen.findByText('Panel de registro: ADMIN ok');
    expect(calls.map((c) => c.url)).toEqual(['/api/ledgers', '/api/auth/me']);
  });

  it('the same role on the answer asks nothing more', async () => {
    const { calls } = setup(ANA, '/dashboard', () => withRole(json(200, []), 'USER'));
    await screen.findByText('Panel de registro: USER ok');
    expect(calls.map((c) => c.url)).toEqual(['/api/ledgers']);
  });

  it('/admin opened from a tab that still says USER asks the server before turning the user away', async () => {
    const { router } = setup(ANA, '/admin', (call) =>
      call.url === '/api/auth/me' ? withRole(json(200, { user: { ...ANA, role: 'ADMIN' } }), 'ADMIN') : withRole(json(200, []), 'ADMIN'),
    );
    await screen.findByText('Administración: ADMIN ok');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('a user who is not an admin is still turned away from /admin, after one question', async () => {
    const { router, calls } = setup(ANA, '/admin', (call) =>
      call.url === '/api/auth/me' ? withRole(json(200, { user: ANA }), 'USER') : withRole(json(200, []), 'USER'),
    );
    await screen.findByText('Panel de registro: USER ok');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(1);
  });

  it('a demoted admin on /admin is taken to the dashboard by the refusal of their next call', async () => {
    const { router } = setup({ ...ANA, role: 'ADMIN' }, '/admin', (call) => {
      if (call.url === '/api/auth/me') return withRole(json(200, { user: ANA }), 'USER');
      if (call.url === '/api/admin/users') return withRole(json(403, { error: 'Acceso denegado', code: 'FORBIDDEN' }), 'USER');
      return withRole(json(200, []), 'USER');
    });
    await screen.findByText('Panel de registro: USER ok');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userData)!).role).toBe('USER');
  });
});
