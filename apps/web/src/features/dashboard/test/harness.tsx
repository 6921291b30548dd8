import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { vi, type MockInstance } from 'vitest';
import { STORAGE_KEYS } from '@arb/shared';
import { AppThemeProvider } from '../../../shared/theme';
import type { TransactionRow } from '../api/types';

// The machine is shared with other builds: give MUI renders time before a findBy gives up.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

/** An access token the API client accepts as fresh (it only reads `exp`). */
function freshToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `h.${payload}.s`;
}

let onLine: MockInstance | undefined;

/** What navigator.onLine says until restoreOnline() (docs/product.md#working-offline tests). */
export function setOnline(value: boolean): void {
  onLine ??= vi.spyOn(navigator, 'onLine', 'get');
  onLine.mockReturnValue(value);
}

export function restoreOnline(): void {
  onLine?.mockRestore();
  onLine = undefined;
}

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces fetch: `answer` decides each response (a Response or a promise of one); every request
 * is recorded with its parsed JSON body.
 */
export function mockFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function renderWithProviders(ui: ReactElement) {
  window.localStorage.setItem(STORAGE_KEYS.authToken, freshToken());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </AppThemeProvider>,
  );
}

/** A transaction as the balances answer carries it: a sale and a purchase of 100 USD on 2026-11-20. */
export function aTransaction(overrides: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    ledgerId: '11111111-1111-4111-8111-111111111111',
    bs_recibidos: 4000,
    bs_pagados: 3800,
    createdAt: '2026-11-21T12:00:00.000Z',
    ocurrido_en: '2026-11-21T12:00:00.000Z',
    comision_usd: 0,
    origen: 'manual',
    referencia: null,
    venta: 100,
    tasa_venta: 40,
    compra: 100,
    tasa_compra: 38,
    notas: 'nota',
    esta_verificada: false,
    ganancia_transaccion_ves: 200,
    ganancia_transaccion_usd: 5.26,
    ganancia_acumulada_ves_hasta_esta_transaccion: 200,
    ganancia_acumulada_usd_hasta_esta_transaccion: 5.26,
    fecha: '2026-11-20',
    version: 3,
    createdBy: { id: 'u1', user_name: 'Ana' },
    ...overrides,
  };
}
