import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '@arb/shared';
import { saveSession } from '../../../shared/lib/session';
import { NotificationsCard } from './NotificationsCard';

const settings = (over: Partial<NotificationSettings['telegram']> = {}): NotificationSettings => ({
  telegram: { enabled: true, linked: false, ...over },
  ledgers: [
    { ledgerId: 'l-1', name: 'Mi Registro', ownerId: 'u1', ownerName: 'Ana', cambios: true, resumen_diario: false },
    { ledgerId: 'l-2', name: '<b>Caja</b>', ownerId: 'u1', ownerName: 'Ana', cambios: false, resumen_diario: true },
  ],
});

let answer: NotificationSettings = settings();
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/notifications/telegram/link')) {
    return new Response(JSON.stringify({ url: 'https://t.me/ArbBot?start=tok', expiresAt: '2026-11-21T12:15:00Z' }), { status: 200 });
  }
  if (init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as { ledgers: Array<{ ledgerId: string; cambios?: boolean }> };
    answer = {
      ...answer,
      ledgers: answer.ledgers.map((l) => (l.ledgerId === body.ledgers[0]!.ledgerId ? { ...l, ...body.ledgers[0] } : l)),
    };
  }
  return new Response(JSON.stringify(answer), { status: 200 });
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const onSaved = vi.fn();
  const { container } = render(<NotificationsCard onSaved={onSaved} onError={vi.fn()} />, { wrapper });
  return { onSaved, container };
}

beforeEach(() => {
  localStorage.clear();
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({
    token: `h.${payload}.s`,
    refreshToken: 'r',
    user: { id: 'u1', email: 'ana@example.com', user_name: 'Ana', role: 'USER', email_verified: true, phone_number: null },
  });
  answer = settings();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationsCard (docs/product.md#telegram-notices)', () => {
  it('is hidden when the server has no Telegram bot', async () => {
    answer = settings({ enabled: false });
    const { container } = renderCard();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.textContent).toBe('');
  });

  it('shows one row of switches per ledger, and a switch saves only that setting', async () => {
    const { onSaved } = renderCard();
    const cambiosCaja = await screen.findByRole('switch', { name: 'Cambios: <b>Caja</b>' });
    expect((cambiosCaja as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Resumen diario (20:00): <b>Caja</b>' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Cambios: Mi Registro' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(cambiosCaja);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Notificaciones actualizadas'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ ledgers: [{ ledgerId: 'l-2', cambios: true }] });
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Cambios: <b>Caja</b>' }) as HTMLInputElement).checked).toBe(true));
  });

  it('two ledgers named "Mi Registro" are told apart by their owner, as in the ledger selector (issue 36)', async () => {
    answer = {
      ...settings(),
      ledgers: [
        { ledgerId: 'l-1', name: 'Mi Registro', ownerId: 'u1', ownerName: 'Ana', cambios: true, resumen_diario: false },
        { ledgerId: 'l-3', name: 'Mi Registro', ownerId: 'u2', ownerName: 'Beto', cambios: false, resumen_diario: false },
      ],
    };
    renderCard();
    expect(await screen.findByText('Mi Registro · Beto')).toBeTruthy();
    expect(screen.getByText('Mi Registro')).toBeTruthy(); // her own, as the selector writes it
    expect((screen.getByRole('switch', { name: 'Cambios: Mi Registro · Beto' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Cambios: Mi Registro' }) as HTMLInputElement).checked).toBe(true);
  });

  it('"Vincular Telegram" opens the deep link the server made', async () => {
    const win = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => win),
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Vincular Telegram' }));
    await waitFor(() => expect(win.location.href).toBe('https://t.me/ArbBot?start=tok'));
    expect(screen.getByText(/pulsa «Iniciar» en el chat del bot/)).toBeTruthy();
  });
});
