import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { todayKey, type CuentaSaldoJson, type CuentasResponse, type MovimientoJson, type SociosResponse } from '@arb/shared';
import { signInAs, withSignedIn } from '../../../shared/testing/signed-in';
import CuentasPage from '../pages/CuentasPage';

/**
 * The Cuentas page's tests' one harness (like history/testing and dashboard/test): Ana signed in,
 * fixtures for accounts, movements and the ledger, a fake API that answers the page's reads from a
 * table and records every call, and the page rendered at its route with a probe of the address.
 */

export const ANA = {
  id: 'u-ana',
  email: 'ana@example.com',
  user_name: 'Ana',
  role: 'USER',
  email_verified: true,
  phone_number: null,
} as const;
export const LEDGER = 'a1b2c3d4-0000-4000-8000-000000000001';

/** Ana signed in (a test that starts signed out signs in itself). */
export const signIn = (): void => signInAs(ANA);

/** Each test of the file starts with Ana signed in and ends with the page gone and fetch restored. */
export const withAnaSignedIn = (): void => withSignedIn(ANA);

/** A ledger of Ana's alone ("Caja"), where she may or may not change the balances. */
export const anasLedger = (canModifyBalance: boolean): LedgerFixture => ({
  id: LEDGER,
  name: 'Caja',
  ownerId: ANA.id,
  owner: { id: ANA.id, user_name: 'Ana', email: ANA.email },
  members: [{ userId: ANA.id, canModifyBalance, user: { id: ANA.id, user_name: 'Ana', email: ANA.email } }],
});

export interface LedgerFixture {
  id: string;
  name: string;
  ownerId: string;
  owner: object;
  members: Array<{ userId: string; canModifyBalance: boolean; user: object }>;
}

export const cuenta = (over: Partial<CuentaSaldoJson>): CuentaSaldoJson => ({
  id: 'c-0',
  ledgerId: LEDGER,
  nombre: 'Cuenta',
  moneda: 'VES',
  tipo: 'banco',
  titular: { id: ANA.id, user_name: 'Ana' },
  metodos_binance: [],
  archivada: false,
  version: 1,
  saldo: 0,
  ultimo_cuadre: null,
  descuadrada: false,
  ...over,
});

export const movimiento = (over: Partial<MovimientoJson>): MovimientoJson => ({
  id: 'm-0',
  ledgerId: LEDGER,
  tipo: 'transferencia',
  fecha: todayKey(),
  ocurrido_en: new Date().toISOString(),
  moneda: 'VES',
  monto: 1000,
  comision: 0,
  cuenta_origen_id: null,
  cuenta_destino_id: null,
  sentido: null,
  miembro: null,
  tasa: null,
  notas: null,
  creadoPor: null,
  version: 1,
  createdAt: new Date().toISOString(),
  ...over,
});

/** GET …/cuentas's answer at today with these accounts; `totales` is Sin asignar unless given. */
export const cuentasAnswer = (
  cuentas: CuentaSaldoJson[],
  sin_asignar = { ves: 0, usd: 0 },
  totales = sin_asignar,
  fecha = todayKey(),
): CuentasResponse => ({ fecha, cuentas, sin_asignar, totales });

export interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Reply = [status: number, body: unknown];
/** Answers to writes by `METHOD path`. */
export type Replies = Record<string, Reply>;

interface FakeApi {
  ledger: LedgerFixture;
  /** GET …/cuentas: one answer, or one per asked day (`fecha` is today when not asked). */
  cuentas: CuentasResponse | ((fecha: string) => CuentasResponse);
  /** GET …/movimientos: a list, or an answer per request (its URL carries desde, hasta, cuentaId). */
  movimientos?: MovimientoJson[] | ((url: URL) => Reply | Promise<Reply>);
  /** GET …/activity (the undo looks its entry up there). */
  activity?: unknown[];
  /** GET …/socios (a retiro's form); by default none beyond the members the form already has. */
  socios?: SociosResponse['socios'];
  /** Answers to writes by `METHOD path`; unlisted ones answer 201 {} (POST) or 200 {}. */
  replies?: Replies;
}

/** Replaces fetch with the page's API; returns every call made, in order. */
export function fakeApi({ ledger, cuentas, movimientos = [], activity = [], socios, replies = {} }: FakeApi): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const json = (status: number, body: unknown) =>
        new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      sent.push({
        method,
        path: url.pathname,
        search: url.search,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      if (method !== 'GET') return json(...(replies[`${method} ${url.pathname}`] ?? [method === 'POST' ? 201 : 200, {}]));
      if (url.pathname === '/api/ledgers') return json(200, [ledger]);
      if (url.pathname === `/api/ledgers/${LEDGER}/cuentas`)
        return json(200, typeof cuentas === 'function' ? cuentas(url.searchParams.get('fecha') ?? todayKey()) : cuentas);
      if (url.pathname === `/api/ledgers/${LEDGER}/movimientos`)
        return json(...(typeof movimientos === 'function' ? await movimientos(url) : ([200, movimientos] as Reply)));
      if (url.pathname === `/api/ledgers/${LEDGER}/activity`) return json(200, activity);
      if (url.pathname === `/api/ledgers/${LEDGER}/socios`) return json(200, { socios: socios ?? [] });
      // The parallel rate a VES aporte's or retiro's rate is compared with (issue 36: a rate far from it asks first).
      if (url.pathname === '/api/rates/paralelo')
        return json(200, {
          promedio: 405.1234,
          fechaActualizacion: null,
          fuente: 'paralelo',
          stale: false,
          obtenidoEn: new Date().toISOString(),
        });
      return json(404, { error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

/** The calls that change something (every method but GET). */
export const writes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

/** Shows the page's address, so a test can assert what a filter wrote there. */
function Where() {
  const loc = useLocation();
  return <p data-testid="location">{`${loc.pathname}${loc.search}`}</p>;
}

/**
 * Renders the Cuentas page at /ledger/:ledgerId/cuentas, with `search` (e.g. "?cuenta=c-1") after
 * it; the router comes back so a test can go back in the history as the browser's button does.
 */
export function openPage(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/ledger/:ledgerId/cuentas',
        element: (
          <>
            <CuentasPage />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [`/ledger/${LEDGER}/cuentas${search}`] },
  );
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}
