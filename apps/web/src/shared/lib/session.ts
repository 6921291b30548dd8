import { messages, REFRESH_MARGIN_SECONDS, STORAGE_KEYS, type SessionUser } from '@arb/shared';
import { storage } from './storage';

/**
 * The stored session (docs/api.md storage keys): access token, refresh token and the user record.
 * Listeners hear every change so the React auth state follows logins, refreshes and expiries.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((fn) => fn());

export function onSessionChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function getAccessToken(): string | null {
  return storage.get(STORAGE_KEYS.authToken);
}

export function getRefreshToken(): string | null {
  return storage.get(STORAGE_KEYS.refreshToken);
}

/** The stored user; a corrupt record is removed along with both tokens (docs/product.md#accounts-and-sessions). */
export function getStoredUser(): SessionUser | null {
  const raw = storage.get(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    if (!user || typeof user.id !== 'string' || typeof user.email !== 'string') throw new Error('userData corrupto');
    return user;
  } catch {
    storage.remove(STORAGE_KEYS.userData, STORAGE_KEYS.authToken, STORAGE_KEYS.refreshToken);
    return null;
  }
}

export function saveSession(data: { token?: string; refreshToken?: string | undefined; user?: SessionUser }): void {
  if (data.token) storage.set(STORAGE_KEYS.authToken, data.token);
  if (data.refreshToken) storage.set(STORAGE_KEYS.refreshToken, data.refreshToken);
  if (data.user) storage.set(STORAGE_KEYS.userData, JSON.stringify(data.user));
  notify();
}

/**
 * Forgets the stored session. `quietly`: this page is being left for a fresh load (a logout), so
 * its own listeners are not told; told, the guards navigated it to /login as well, and that
 * navigation raced the page load (other tabs still learn of it from the storage event).
 */
export function clearSession({ quietly = false }: { quietly?: boolean } = {}): void {
  storage.remove(STORAGE_KEYS.authToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.userData);
  if (!quietly) notify();
}

/** Expired when missing, unparseable, or expiring within the 5-minute margin (docs/product.md#money). */
export function isTokenExpired(token: string | null, nowMs = Date.now()): boolean {
  if (!token) return true;
  try {
    const part = token.split('.')[1];
    if (!part) return true;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    if (typeof exp !== 'number') return true;
    return exp * 1000 - nowMs <= REFRESH_MARGIN_SECONDS * 1000;
  } catch {
    return true;
  }
}

const EXPIRED_NOTICE_KEY = 'sessionExpiredNotice';

/**
 * Remembers, for the login screen, why the session ended by itself (packages/shared/src/errors.ts 'Sesión expirada…',
 * or 'Tu cuenta está desactivada…'). The first reason wins: several calls failing at once must not
 * replace the precise reason with the generic one.
 */
export function markSessionExpired(notice: string = messages.sessionExpired): void {
  try {
    if (!window.sessionStorage.getItem(EXPIRED_NOTICE_KEY)) window.sessionStorage.setItem(EXPIRED_NOTICE_KEY, notice);
  } catch {
    /* the notice is a nicety */
  }
}

/** The reason marked by markSessionExpired(), without using it up (render may run twice). */
export function peekSessionExpiredNotice(): string | null {
  try {
    return window.sessionStorage.getItem(EXPIRED_NOTICE_KEY);
  } catch {
    return null;
  }
}

/** Forgets the reason once the login screen has shown it. */
export function clearSessionExpiredNotice(): void {
  try {
    window.sessionStorage.removeItem(EXPIRED_NOTICE_KEY);
  } catch {
    /* nothing to clear */
  }
}

/** The reason, used up: the next visit to /login shows none. */
export function takeSessionExpiredNotice(): string | null {
  const notice = peekSessionExpiredNotice();
  clearSessionExpiredNotice();
  return notice;
}
