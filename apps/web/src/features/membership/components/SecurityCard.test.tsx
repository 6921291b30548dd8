import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, STORAGE_KEYS, type SessionInfo } from '@arb/shared';
import { AuthProvider } from '../../../shared/auth/auth-context';
import { SecurityCard } from './SecurityCard';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const NOW = Date.parse('2026-11-27T03:21:00Z');
const ANA = { id: 'u-ana', email: 'ana@example.com', user_name: 'Ana', role: 'USER', email_verified: true };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sessions: SessionInfo[] = [
  // 23:19 in Caracas (UTC−4), two minutes before now.
  {
    id: 's1',
    current: true,
    createdAt: '2026-11-26T10:00:00Z',
    lastUsedAt: '2026-11-27T03:19:00Z',
    userAgent: ANDROID_CHROME,
    ip: '10.0.0.7',
  },
  { id: 's2', current: false, createdAt: '2026-11-20T10:00:00Z', lastUsedAt: '2026-11-24T15:05:00Z', userAgent: null, ip: null },
];

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  const payload = btoa(JSON.stringify({ exp: Math.floor(NOW / 1000) + 3600 }));
  localStorage.setItem(STORAGE_KEYS.authToken, `h.${payload}.s`);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(ANA));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).endsWith('/api/auth/sessions') ? json(200, sessions) : json(404, {}))),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SecurityCard: the open sessions', () => {
  it('names each device and when it was last used, in 24 h: "Chrome en Android · hace 2 min", not its raw User-Agent (issue 36)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <SecurityCard onDone={vi.fn()} onError={vi.fn()} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Sesiones activas' });
    const [mine, other] = await within(list).findAllByRole('listitem');
    expect(mine!.textContent).toContain('Chrome en Android · hace 2 min');
    // The app's 24 h date and time, in the browser's zone ("26/11/26, 23:19" in Caracas).
    expect(mine!.textContent).toContain(`10.0.0.7 · Último uso: ${formatDateTime('2026-11-27T03:19:00Z')}`);
    expect(formatDateTime('2026-11-27T03:19:00Z', 'America/Caracas')).toBe('26/11/26, 23:19');
    expect(mine!.textContent).not.toContain('Mozilla');
    expect(other!.textContent).toContain('Dispositivo desconocido · hace 2 d');
    expect(other!.textContent).toContain(`Último uso: ${formatDateTime('2026-11-24T15:05:00Z')}`);
    expect(list.textContent).not.toMatch(/[ap]\.\s?m\./);
  });
});
