import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { messages, type LoginResponse, type MfaRequiredResponse, type SessionUser } from '@arb/shared';
import { ApiError, api, expireSession, isUnsettled, refreshSession, setUserChangedHandler } from '../lib/api-client';
import { registerServiceWorkerAfterSignIn } from '../lib/service-worker';
import { clearApiCache } from '../offline/api-cache';
import { clearQueries } from '../query/clear-queries';
import { clearSession, getAccessToken, getRefreshToken, getStoredUser, isTokenExpired, onSessionChange, saveSession } from '../lib/session';

interface AuthValue {
  user: SessionUser | null;
  /** True while the stored session is being read (docs/product.md#accounts-and-sessions 'Loading'). */
  loading: boolean;
  /** The user, or the ticket of the second step when the account has two-factor on (docs/product.md#account-security). */
  login(email: string, password: string): Promise<SessionUser | MfaRequiredResponse>;
  /** The second step: a code of the authenticator app or a recovery code. */
  loginSecondStep(mfaToken: string, code: string): Promise<SessionUser>;
  logout(): Promise<void>;
  /** Merges fresh user fields (profile edit, verification) into the session. */
  updateUser(patch: Partial<SessionUser>): void;
  /** Re-reads the user from the server (after verifying the email elsewhere). */
  reloadUser(): Promise<SessionUser | null>;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * What the stored session allows as the page opens (docs/product.md#accounts-and-sessions): a user
 * with a refresh token and a valid access token is signed in at once; an expired access token is
 * refreshed first (`refresh`, the guards show their spinner meanwhile); half a session is cleared.
 */
function sessionAtStart(): { user: SessionUser | null; refresh: boolean; clear: boolean } {
  const stored = getStoredUser();
  if (!stored || !getRefreshToken()) return { user: null, refresh: false, clear: Boolean(stored || getAccessToken()) };
  if (isTokenExpired(getAccessToken())) return { user: null, refresh: true, clear: false };
  return { user: stored, refresh: false, clear: false };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The stored session as the page opens (sessionAtStart): with a valid access token the first
  // render already has the user, instead of a spinner pass of the guards first.
  const [start] = useState(sessionAtStart);
  const [user, setUser] = useState<SessionUser | null>(start.user);
  // Only an expired access token needs a refresh before anything shows; without a session the
  // first render can show the page at once (a signed-out visit to /login paints sooner).
  const [loading, setLoading] = useState(start.refresh);

  useEffect(() => onSessionChange(() => setUser(getStoredUser())), []);

  // The app shell's precache waits for a signed-in user (docs/benchmarks.md: not part of /login's weight).
  useEffect(() => {
    if (user) registerServiceWorkerAfterSignIn();
  }, [user]);

  // On start: read the stored session; refresh an expired access token, or log out (docs/product.md#accounts-and-sessions).
  useEffect(() => {
    if (start.clear) clearSession();
    if (!start.refresh) return;
    let cancelled = false;
    void (async () => {
      // No answer to the refresh keeps the session: offline is not signed out (docs/product.md#working-offline).
      const ok = await refreshSession().catch((err: unknown) => isUnsettled(err));
      if (cancelled) return;
      const stored = getStoredUser();
      if (ok && stored) setUser(stored);
      else expireSession(); // the same path as an expiry mid-use (issue 25)
      setLoading(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [start]);

  const signedIn = useCallback(async (data: LoginResponse) => {
    if (!data?.user || !data.token) throw new ApiError(messages.loginIncomplete, 200, 'INCOMPLETE');
    // Without a page load between two sessions (an expiry goes through the guards), nothing the
    // previous user read may show to this one: neither the query cache nor the cached reads
    // (docs/decisions/0015). Emptied before the session is saved: the new user's first reads
    // (kept by the service worker or the page, decision 0032) must land after it, never be wiped by it.
    clearQueries();
    await clearApiCache();
    saveSession({ token: data.token, refreshToken: data.refreshToken, user: data.user });
    setUser(data.user);
    return data.user;
  }, []);

  const login = useCallback(
    async (email: string, password: string) => {
      const data = await api<LoginResponse | MfaRequiredResponse>('/api/auth/login', messages.loginError, {
        method: 'POST',
        body: { email, password },
        auth: false,
      });
      if (data && 'mfaRequired' in data && data.mfaRequired) return data;
      return signedIn(data as LoginResponse);
    },
    [signedIn],
  );

  const loginSecondStep = useCallback(
    async (mfaToken: string, code: string) =>
      signedIn(
        await api<LoginResponse>('/api/auth/login/2fa', messages.loginError, { method: 'POST', body: { mfaToken, code }, auth: false }),
      ),
    [signedIn],
  );

  const logout = useCallback(async () => {
    const refreshToken = getRefreshToken();
    if (refreshToken) {
      await api('/api/auth/logout', messages.requestError, { method: 'POST', body: { refreshToken }, auth: false }).catch(() => undefined);
    }
    // A deliberate logout starts afresh with a page load (docs/product.md#accounts-and-sessions); an
    // expiry goes through the guards. Signed out in this page's state as well, the guards sent it
    // to /login first, by the router: two navigations, and the URL said /login before the page load
    // did (an e2e journey's next page.goto('/login') was cut off by the load).
    const leaving = window.location.pathname !== '/login';
    clearSession({ quietly: leaving });
    await clearApiCache();
    if (leaving) window.location.assign('/login');
    else setUser(null);
  }, []);

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    const current = getStoredUser();
    if (!current) return;
    const next = { ...current, ...patch };
    saveSession({ user: next });
    setUser(next);
  }, []);

  const reloadUser = useCallback(async () => {
    const data = await api<{ user: SessionUser }>('/api/auth/me', messages.requestError);
    saveSession({ user: data.user });
    setUser(data.user);
    return data.user;
  }, []);

  // The server says the stored user is out of date (issue 25). An admin changed the address: the
  // fresh user (new address, unverified) makes the guards show /verify-email-required with it. An
  // admin changed the role: the fresh user opens /admin, or the guard takes a demoted one out.
  useEffect(() => {
    let asking = false;
    setUserChangedHandler(() => {
      if (asking) return;
      asking = true;
      void reloadUser()
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    });
  }, [reloadUser]);

  const value = useMemo<AuthValue>(
    () => ({ user, loading, login, loginSecondStep, logout, updateUser, reloadUser }),
    [user, loading, login, loginSecondStep, logout, updateUser, reloadUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(messages.useAuthOutsideProvider);
  return value;
}
