import { API_TIMEOUT_MS, USER_ROLE_HEADER, messages } from '@arb/shared';
import { keepRead, needsKeeping } from '../offline/api-cache';
import { clearSession, getAccessToken, getRefreshToken, getStoredUser, isTokenExpired, markSessionExpired, saveSession } from './session';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** True when the request never got an answer (offline, DNS, refused). */
  get isNetwork(): boolean {
    return this.code === 'NETWORK';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Public calls (login, register…) send no token and never refresh. */
  auth?: boolean;
  /** Return the raw Response (downloads). */
  raw?: boolean;
  signal?: AbortSignal;
}

let refreshing: Promise<boolean> | null = null;
let onExpired: (() => void) | null = null;
let onUserChanged: (() => void) | null = null;

/**
 * The auth layer registers what else to do when the session ends by itself. The redirect to
 * /login is the route guard's (it remembers the page the user was on), not a page load: a page
 * load raced the guard's redirect, lost the origin and used up the 'Sesión expirada…' notice on
 * a login screen that was then replaced (issue 25).
 */
export function setSessionExpiredHandler(fn: () => void): void {
  onExpired = fn;
}

/**
 * What to do when the server says the stored user is out of date: the email needs verifying
 * again (an admin changed it), or the role on its answers differs from the stored one (an admin
 * promoted or demoted this user, issue 25). The auth layer re-reads the user from /api/auth/me.
 */
export function setUserChangedHandler(fn: () => void): void {
  onUserChanged = fn;
}

/** The server's socket says an administrator changed this user (USER_CHANGED): re-read it now. */
export function userChanged(): void {
  onUserChanged?.();
}

/** The server's word on the caller's role (USER_ROLE_HEADER) against the stored user's. */
function roleChanged(res: Response): boolean {
  const role = res.headers.get(USER_ROLE_HEADER);
  const stored = getStoredUser();
  return role !== null && stored !== null && stored.role !== role;
}

/**
 * Ends the session that ended by itself, mid-use or at start-up alike (one path, issue 25): the
 * tokens go, the login screen will say why (packages/shared/src/errors.ts), and the guards take the user to /login.
 */
export function expireSession(notice: string = messages.sessionExpired): void {
  markSessionExpired(notice);
  clearSession();
  onExpired?.();
}

/**
 * One refresh at a time, however many calls need it (docs/api.md#calls, docs/product.md#reliability-rules). Resolves true with new
 * tokens and false when the server refused them with a 4xx (the session is over). A refresh that
 * gets no HTTP answer, or a 5xx, rejects with that ApiError and keeps the session: offline is not
 * signed out (docs/product.md#working-offline); it is tried again when the connection returns.
 */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    refreshing = (async () => {
      const refreshToken = getRefreshToken();
      if (!refreshToken) return false;
      const data = await timedFetch(
        '/api/auth/refresh-token',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }) },
        undefined,
        async (res) => {
          if (res.ok) return (await res.json()) as { accessToken: string; refreshToken: string };
          if (res.status >= 500) throw await errorFrom(res, messages.requestConnectionError);
          // A deactivated account is told so, not 'Sesión expirada' (issue 25).
          if (res.status === 403 && (await errorFrom(res, messages.accountDisabled)).code === 'ACCOUNT_DISABLED')
            markSessionExpired(messages.accountDisabled);
          return undefined;
        },
      );
      if (!data) return false;
      saveSession({ token: data.accessToken, refreshToken: data.refreshToken });
      return true;
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** True for an error that is not the server's verdict: no HTTP answer, a time-out or a 5xx. */
export function isUnsettled(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status >= 500);
}

/**
 * One request and the reading of its answer, both within the 15 s time-out: a body that stalls
 * after the headers (a large Excel download) times out too instead of spinning for ever (issue 17).
 */
async function timedFetch<R>(
  url: string,
  init: RequestInit,
  outer: AbortSignal | undefined,
  read: (res: Response) => Promise<R>,
): Promise<R> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), API_TIMEOUT_MS);
  const relay = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', relay);
  try {
    return await read(await fetch(url, { ...init, signal: controller.signal }));
  } catch (err) {
    if (controller.signal.aborted && !outer?.aborted) throw new ApiError(messages.requestTimeout, 0, 'TIMEOUT');
    if (err instanceof ApiError) throw err;
    if (outer?.aborted) throw err;
    throw new ApiError(messages.requestConnectionError, 0, 'NETWORK');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', relay);
  }
}

async function errorFrom(res: Response, fallback: string): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown; fields?: Record<string, string> } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  const message = typeof body.error === 'string' && body.error ? body.error : fallback;
  return new ApiError(message, res.status, typeof body.code === 'string' ? body.code : `HTTP_${res.status}`, body.fields);
}

let lastAnswerAt: number | undefined;

/**
 * When the server wrote the newest answer this page has read: its Date header, which an answer the
 * service worker serves from its cache keeps (docs/product.md#working-offline: "datos de las HH:MM").
 */
export function lastServerAnswerAt(): number | undefined {
  return lastAnswerAt;
}

function noteAnswerTime(res: Response): void {
  const at = Date.parse(res.headers.get('date') ?? '');
  if (!Number.isNaN(at) && (lastAnswerAt === undefined || at > lastAnswerAt)) lastAnswerAt = at;
}

/**
 * Calls the API: 15 s time-out, token refreshed before it expires, one retry after a 401 with a
 * fresh token, and a second 401 clears the session with 'Sesión expirada…' (docs/api.md#calls, packages/shared/src/errors.ts).
 * `fallback` is the Spanish message to show when the server gives none.
 */
export async function api<T = unknown>(path: string, fallback: string, opts: RequestOptions = {}): Promise<T> {
  const auth = opts.auth !== false;
  if (auth && isTokenExpired(getAccessToken())) {
    // Unreachable: send anyway with the old token. Offline, the service worker may answer a read
    // from its cache (docs/product.md#working-offline); online, the server's 401 brings the refresh below.
    const ok = await refreshSession().catch((err: unknown) => {
      if (isUnsettled(err)) return null;
      throw err;
    });
    if (ok === false) {
      expireSession();
      throw new ApiError(messages.sessionExpired, 401, 'SESSION_EXPIRED');
    }
  }
  const send = () => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const token = getAccessToken();
    if (auth && token) headers.authorization = `Bearer ${token}`;
    return timedFetch(path, { method: opts.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}) }, opts.signal, read);
  };
  // A read no service worker saw is kept for offline by the page (offline/api-cache.ts, decision 0032).
  const askedBy = getStoredUser()?.id;
  const keep = needsKeeping(path, opts.method ?? 'GET');
  // The whole answer is read inside the time-out; a raw answer is handed over already buffered.
  const read = async (res: Response): Promise<{ res: Response; text?: string; error?: ApiError }> => {
    if (!res.ok) return { res, error: await errorFrom(res, fallback) };
    noteAnswerTime(res);
    if (keep && askedBy) void keepRead(path, res.clone(), () => getStoredUser()?.id === askedBy);
    if (opts.raw) return { res: new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers }) };
    if (res.status === 204) return { res };
    return { res, text: await res.text() };
  };
  let answer = await send();
  if (auth && answer.res.status === 401) {
    // A refresh without an answer rejects here: the caller sees a connection error, not a sign-out.
    const ok = await refreshSession();
    if (ok) answer = await send();
    if (!ok || answer.res.status === 401) {
      expireSession();
      throw new ApiError(messages.sessionExpired, 401, 'SESSION_EXPIRED');
    }
  }
  if (auth && roleChanged(answer.res)) onUserChanged?.();
  if (answer.error) {
    if (answer.res.status === 403 && auth) {
      if (answer.error.code === 'ACCOUNT_DISABLED') expireSession(messages.accountDisabled);
      if (answer.error.code === 'EMAIL_NOT_VERIFIED') onUserChanged?.();
    }
    throw answer.error;
  }
  if (opts.raw) return answer.res as unknown as T;
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

/**
 * A 403 that is only "not allowed" (docs/api.md#calls: on the ledger list it ends the session). The 403s
 * that say why — a deactivated account, an email to verify again — have their own handling above
 * (issue 25: an admin's email change used to throw the user to /login without a word).
 */
export function isPlainForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.code !== 'ACCOUNT_DISABLED' && err.code !== 'EMAIL_NOT_VERIFIED';
}

/**
 * The Spanish text for any thrown value. With `connectionFallback`, a request that never got an
 * answer names the action ('Error de conexión al crear la transacción', packages/shared/src/errors.ts) instead of the
 * generic 'Error de conexión al procesar la solicitud'.
 */
export function errorMessage(err: unknown, fallback: string, connectionFallback?: string): string {
  if (err instanceof ApiError) return err.isNetwork && connectionFallback ? connectionFallback : err.message;
  return fallback;
}
