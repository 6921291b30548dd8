import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BINANCE_SYNC_EVENT, type BinanceLinkStatus } from '@arb/shared';
import { saveSession } from '../../../shared/lib/session';
import { BINANCE_FALLBACK_POLL_MS } from '../api/binance-link';
import { BinanceCard } from './BinanceCard';

/** socket.io-client's Socket as far as the card's realtime hook uses it: the test fires the server's events. */
class FakeSocket {
  handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  connected = false;
  active = true;
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  emit() {
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
}
const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  },
}));

const LEDGER = '8a0b7a3e-5c3f-4f7e-9a55-2d1f0c7b9e11';

const linked = (over: Partial<Extract<BinanceLinkStatus, { conectado: true }>> = {}): BinanceLinkStatus => ({
  conectado: true,
  apiKeyEnd: 'WXYZ',
  ledgerId: LEDGER,
  cuenta_usd_id: null,
  cuenta_ves_id: null,
  ipRestrict: false,
  estado: 'activa',
  motivo: null,
  enCurso: false,
  ultima: null,
  ...over,
});

let link: BinanceLinkStatus = { conectado: false };
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/ledgers')) return Response.json([{ id: LEDGER, name: 'Mi Registro', members: [] }]);
  if (url.includes('/cuentas'))
    return Response.json({ cuentas: [{ id: 'c-usd', nombre: 'Binance USDT', moneda: 'USD', archivada: false }] });
  if (url.endsWith('/sync')) return Response.json({ batch: null, creadas: 3, duplicadas: 1, omitidas: 0, error: null });
  if (init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as { apiKey: string };
    if (body.apiKey.startsWith('TRADE'))
      return Response.json(
        { code: 'BINANCE_KEY_NOT_READ_ONLY', error: 'La clave de Binance debe ser solo de lectura: desactiva Habilitar retiros' },
        { status: 400 },
      );
    link = linked({ apiKeyEnd: body.apiKey.slice(-4) });
    return Response.json(link);
  }
  return Response.json(link);
});

/** Pastes into a field (typing 64 characters one by one is slow in jsdom). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const onDone = vi.fn();
  const onError = vi.fn();
  render(<BinanceCard onDone={onDone} onError={onError} />, { wrapper });
  return { onDone, onError };
}

beforeEach(() => {
  localStorage.clear();
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({
    token: `h.${payload}.s`,
    refreshToken: 'r',
    user: { id: 'u1', email: 'ana@example.com', user_name: 'Ana', role: 'USER', email_verified: true, phone_number: null },
  });
  link = { conectado: false };
  sockets.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** How many times the card read its link (GET /api/integrations/binance). */
const linkReads = () =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/api/integrations/binance') && (init?.method ?? 'GET') === 'GET')
    .length;
const finished = () =>
  linked({ enCurso: false, ultima: { at: new Date().toISOString(), creadas: 5, duplicadas: 0, omitidas: 1, error: null, batchId: null } });

describe('BinanceCard (docs/product.md#binance-sync)', () => {
  it('links a key: the form sends key, secret and ledger, then shows the last 4 characters and the IP warning', async () => {
    const { onDone } = renderCard();
    await fill(await screen.findByLabelText('Clave de API'), `${'a'.repeat(60)}WXYZ`);
    await fill(screen.getByLabelText('Secreto de API'), 's'.repeat(64));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Registro' }).textContent).toBe('Mi Registro'));
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Clave de Binance conectada'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      apiKey: `${'a'.repeat(60)}WXYZ`,
      apiSecret: 's'.repeat(64),
      ledgerId: LEDGER,
      cuenta_usd_id: null,
      cuenta_ves_id: null,
    });
    expect(await screen.findByText('Conectada: clave terminada en WXYZ')).toBeTruthy();
    expect(screen.getByText('Tu clave no tiene restricción de IP: restríngela en Binance para mayor seguridad.')).toBeTruthy();
  });

  it('a short key is refused before any request', async () => {
    renderCard();
    await fill(await screen.findByLabelText('Clave de API'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('La clave de API no es válida (entre 16 y 128 letras y números)')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal naming what to turn off", async () => {
    const { onError } = renderCard();
    await fill(await screen.findByLabelText('Clave de API'), `TRADE${'a'.repeat(59)}`);
    await fill(screen.getByLabelText('Secreto de API'), 's'.repeat(64));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Registro' }).textContent).toBe('Mi Registro'));
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('La clave de Binance debe ser solo de lectura: desactiva Habilitar retiros'));
  });

  it('a linked key: no IP warning when restricted, the stop reason, and "Sincronizar ahora" reports the result', async () => {
    link = linked({ ipRestrict: true, estado: 'rechazada', motivo: 'Vuelve a conectar tu clave' });
    const { onDone } = renderCard();
    expect(await screen.findByText('Rechazada')).toBeTruthy();
    expect(screen.getByText('Vuelve a conectar tu clave')).toBeTruthy();
    expect(screen.queryByText(/no tiene restricción de IP/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sincronizar ahora' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('3 nuevas, 1 duplicadas, 0 omitidas'));
  });

  it("during a run it waits for the socket's binance-sync instead of polling, then shows the result (docs/decisions/0058)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    link = linked({ enCurso: true });
    renderCard();
    expect(await screen.findByRole('button', { name: 'Sincronizando…' })).toBeTruthy();
    await waitFor(() => expect(sockets.length).toBe(1));
    // Connected during a run: the link is read once more (a run may have ended before the socket was up).
    act(() => sockets[0]!.fire('connect'));
    await waitFor(() => expect(linkReads()).toBe(2));
    // A run of a minute: not one read more while the socket is up.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(linkReads()).toBe(2);
    link = finished();
    act(() => sockets[0]!.fire(BINANCE_SYNC_EVENT));
    await waitFor(() => expect(screen.getByTestId('binance-ultima').textContent).toContain('5 nuevas, 0 duplicadas, 1 omitidas'));
    expect(linkReads()).toBe(3);
    expect(screen.getByRole('button', { name: 'Sincronizar ahora' })).toBeTruthy();
  });

  it('with the socket down it falls back to reading the link every 15 s during a run, and stops when it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    link = linked({ enCurso: true });
    renderCard();
    expect(await screen.findByRole('button', { name: 'Sincronizando…' })).toBeTruthy();
    await waitFor(() => expect(sockets.length).toBe(1));
    // The socket never connects (refused, or the network drops it).
    act(() => sockets[0]!.fire('connect_error', new Error('down')));
    expect(linkReads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(BINANCE_FALLBACK_POLL_MS - 1_000));
    expect(linkReads()).toBe(1);
    link = finished();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.getByTestId('binance-ultima').textContent).toContain('5 nuevas, 0 duplicadas, 1 omitidas'));
    expect(linkReads()).toBe(2);
    // The run ended: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(3 * BINANCE_FALLBACK_POLL_MS));
    expect(linkReads()).toBe(2);
  });
});
