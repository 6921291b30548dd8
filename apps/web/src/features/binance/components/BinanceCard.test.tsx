import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BinanceLinkStatus } from '@arb/shared';
import { saveSession } from '../../../shared/lib/session';
import { BinanceCard } from './BinanceCard';

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
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
});
