import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS, type SessionUser } from '@arb/shared';
import { ANA } from './test-users';
import { AuthProvider } from '../shared/auth/auth-context';
import { RequireAuth } from './guards';
import { json, mockFetch } from '../features/dashboard/test/harness';

/*
 * docs/decisions/0025-no-suspense-on-the-first-screen.md: a stored session with a valid access
 * token is signed in from the first render. Before, every signed-in visit rendered and committed the
 * guards' "Verificando autenticación..." first and the page a microtask later.
 */
const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;
const inAnHour = () => jwt(Math.floor(Date.now() / 1000) + 3600);
const anHourAgo = () => jwt(Math.floor(Date.now() / 1000) - 3600);

function store(session: { token?: string; refreshToken?: string; user?: SessionUser }) {
  if (session.token) localStorage.setItem(STORAGE_KEYS.authToken, session.token);
  if (session.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  if (session.user) localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(session.user));
}

/** Every text added to the page while `run` runs, committed and replaced ones included. */
function textsShownDuring(run: () => void): string[] {
  const observer = new MutationObserver(() => undefined);
  observer.observe(document.body, { childList: true, subtree: true });
  run();
  const texts = observer.takeRecords().flatMap((r) => [...r.addedNodes].map((n) => n.textContent ?? ''));
  observer.disconnect();
  return texts;
}

/** /dashboard behind the guard, or /login. */
function open() {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <p>Panel de Ana</p>
          </RequireAuth>
        ),
      },
      { path: '/login', element: <p>Iniciar Sesión</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  return render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the stored session as the page opens', () => {
  it('with a valid access token: the page in the first render, no spinner, nothing asked', () => {
    store({ token: inAnHour(), refreshToken: 'r1', user: ANA });
    const calls = mockFetch(() => json(500, {}));
    const shown = textsShownDuring(open);
    expect(screen.getByText('Panel de Ana')).toBeTruthy();
    // Not even for one commit (render() runs the effects: the old check signed in within it).
    expect(shown.join(' ')).not.toContain('Verificando autenticación...');
    expect(calls).toEqual([]);
  });

  it('with an expired access token: the spinner while the token is refreshed, then the page', async () => {
    store({ token: anHourAgo(), refreshToken: 'r1', user: ANA });
    const calls = mockFetch(({ url }) =>
      url === '/api/auth/refresh-token' ? json(200, { accessToken: inAnHour(), refreshToken: 'r2' }) : json(500, {}),
    );
    open();
    expect(screen.getByText('Verificando autenticación...')).toBeTruthy();
    expect(await screen.findByText('Panel de Ana')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh-token']);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
  });

  it('with an expired access token the server refuses to refresh: signed out, to /login', async () => {
    store({ token: anHourAgo(), refreshToken: 'r1', user: ANA });
    mockFetch(() => json(401, { error: 'Sesión expirada' }));
    open();
    expect(await screen.findByText('Iniciar Sesión')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
  });

  it('half a session (a user without a refresh token) is cleared, and /dashboard goes to /login', async () => {
    store({ token: inAnHour(), user: ANA });
    const calls = mockFetch(() => json(500, {}));
    open();
    expect(await screen.findByText('Iniciar Sesión')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(calls).toEqual([]);
  });
});
