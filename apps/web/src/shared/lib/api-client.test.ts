import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, errorMessage, setSessionExpiredHandler } from './api-client';
import { takeSessionExpiredNotice } from './session';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (expInSeconds: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: 'u', exp: Math.floor(Date.now() / 1000) + expInSeconds })}.s`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client session handling (docs/api.md#calls)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const expired = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setSessionExpiredHandler(expired);
    expired.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes an access token expiring within 5 minutes once, however many calls need it', async () => {
    localStorage.setItem('authToken', jwt(120));
    localStorage.setItem('refreshToken', 'r1');
    const fresh = jwt(900);
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh-token') {
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { accessToken: fresh, refreshToken: 'r2' });
      }
      return json(200, { ok: (init.headers as Record<string, string>).authorization === `Bearer ${fresh}` });
    });
    const answers = await Promise.all([api('/api/a', 'x'), api('/api/b', 'x'), api('/api/c', 'x')]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/auth/refresh-token')).toHaveLength(1);
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('a second 401 clears the session with "Sesión expirada…" and goes to login', async () => {
    localStorage.setItem('authToken', jwt(900));
    localStorage.setItem('refreshToken', 'r1');
    localStorage.setItem('userData', JSON.stringify({ id: 'u', email: 'a@b.co' }));
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/refresh-token'
        ? json(200, { accessToken: jwt(900), refreshToken: 'r2' })
        : json(401, { error: 'no', code: 'UNAUTHORIZED' }),
    );
    await expect(api('/api/a', 'x')).rejects.toMatchObject({
      message: 'Sesión expirada. Por favor inicia sesión nuevamente.',
      status: 401,
    });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    expect(takeSessionExpiredNotice()).toBe('Sesión expirada. Por favor inicia sesión nuevamente.');
    expect(takeSessionExpiredNotice()).toBeNull();
  });

  it('a request that gets no answer names the action when the caller says which (packages/shared/src/errors.ts)', async () => {
    localStorage.setItem('authToken', jwt(900));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await api('/api/transactions', 'Error al crear transacción', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(errorMessage(err, 'Error al crear transacción', 'Error de conexión al crear la transacción')).toBe(
      'Error de conexión al crear la transacción',
    );
    expect(errorMessage(err, 'Error al crear transacción')).toBe('Error de conexión al procesar la solicitud');
  });

  it('a failed refresh logs out before the call is made', async () => {
    localStorage.setItem('authToken', jwt(-10));
    localStorage.setItem('refreshToken', 'r1');
    fetchMock.mockResolvedValue(json(401, { error: 'x' }));
    await expect(api('/api/a', 'x')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  // docs/product.md#working-offline: offline is not signed out; only an HTTP 4xx answer to the refresh ends the session.
  it.each([
    ['no HTTP answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503', () => Promise.resolve(json(503, { error: 'caído' }))],
  ])('a refresh that gets %s keeps the session, and the call is still made with the old token', async (_name, refresh) => {
    const old = jwt(-10);
    localStorage.setItem('authToken', old);
    localStorage.setItem('refreshToken', 'r1');
    localStorage.setItem('userData', JSON.stringify({ id: 'u', email: 'a@b.co' }));
    const sent: string[] = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh-token') return refresh();
      // Offline, the service worker answers a read from its cache.
      sent.push((init.headers as Record<string, string>).authorization ?? '');
      return json(200, { cached: true });
    });
    await expect(api('/api/ledgers', 'x')).resolves.toEqual({ cached: true });
    expect(sent).toEqual([`Bearer ${old}`]);
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(localStorage.getItem('userData')).not.toBeNull();
    expect(expired).not.toHaveBeenCalled();
  });

  it('a 401 whose refresh gets no answer is a connection error, not a sign-out', async () => {
    localStorage.setItem('authToken', jwt(900));
    localStorage.setItem('refreshToken', 'r1');
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/refresh-token') throw new TypeError('Failed to fetch');
      return json(401, { error: 'no', code: 'TOKEN_EXPIRED' });
    });
    await expect(api('/api/a', 'x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(expired).not.toHaveBeenCalled();
  });

  it('public calls send no token, never refresh, and keep the server message', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'Email o contraseña incorrectos', code: 'INVALID_CREDENTIALS' }));
    await expect(api('/api/auth/login', 'Error al iniciar sesión', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      message: 'Email o contraseña incorrectos',
      code: 'INVALID_CREDENTIALS',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).not.toHaveProperty('authorization');
    expect(expired).not.toHaveBeenCalled();
  });

  it('a network failure is an ApiError flagged as such', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/api/auth/forgot-password', 'x', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      isNetwork: true,
    });
  });

  it('gives up after 15 s with the SPEC time-out message', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const call = api('/api/auth/forgot-password', 'x', { method: 'POST', body: {}, auth: false });
      const settled = expect(call).rejects.toMatchObject({
        message: 'La petición tardó demasiado tiempo. Verifica tu conexión.',
        code: 'TIMEOUT',
      });
      await vi.advanceTimersByTimeAsync(14_999);
      expect(fetchMock.mock.calls[0]![1].signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });

  // Issue 17: the headers came in time, then the body stalled — a download spun for ever.
  it('the 15 s also cover reading the answer, a raw download included', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation((_url: string, init: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array([80, 75])); // the first bytes, then nothing
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/octet-stream' } }));
      });
      localStorage.setItem('authToken', jwt(900));
      for (const opts of [{}, { raw: true }]) {
        const call = api('/api/transactions/export-daily?x', 'x', opts);
        const settled = expect(call).rejects.toMatchObject({ code: 'TIMEOUT' });
        await vi.advanceTimersByTimeAsync(15_000);
        await settled;
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
