import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS } from '@arb/shared';
import { ANA } from './test-users';
import { AuthProvider, useAuth } from '../shared/auth/auth-context';
import { RequireAuth } from './guards';
import { json, mockFetch } from '../features/dashboard/test/harness';

/*
 * docs/product.md#accounts-and-sessions: a deliberate logout starts afresh with a page load of
 * /login. The page being left must not also go to /login by the router: the two navigations raced
 * (the URL said /login before the page load came, and what came next was cut off by it).
 */
function SignOutButton() {
  const { logout } = useAuth();
  return <button onClick={() => void logout()}>Cerrar Sesión</button>;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('forgets the session and loads /login afresh, with no router navigation in the page being left', async () => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
    localStorage.setItem(STORAGE_KEYS.authToken, `h.${payload}.s`);
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(ANA));
    const calls = mockFetch(() => json(204, null));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign });
    const router = createMemoryRouter(
      [
        {
          path: '/dashboard',
          element: (
            <RequireAuth>
              <p>Panel de Ana</p>
              <SignOutButton />
            </RequireAuth>
          ),
        },
        { path: '/login', element: <p>Iniciar Sesión</p> },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(calls.map((c) => c.url)).toContain('/api/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    // The page being left stays where it is until the load replaces it.
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
