import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { lazy } from 'react';
import { STORAGE_KEYS, addDays, messages, todayKey } from '@arb/shared';
import { AuthProvider } from '../../../shared/auth/auth-context';
import { PICKED_DAY_STATE } from '../../../shared/lib/picked-day';
import type { Balances, Ledger } from '../api/types';
import { aTransaction, json, mockFetch, renderWithProviders, type Call } from '../test/harness';
import { FORM_MAX_WAIT_MS } from '../components/DashboardView';
import DashboardPage from './DashboardPage';
import { clearDashboardFlash } from '../lib/dashboard-flash';
import type * as ListModule from '../components/TransactionList';

// How many times the day's list was drawn: a redraw of the whole dashboard draws it again.
const listDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock('../components/TransactionList', async (importOriginal) => {
  const real = await importOriginal<typeof ListModule>();
  return {
    ...real,
    TransactionList: (props: Parameters<typeof real.TransactionList>[0]) => {
      listDraws.count++;
      return <real.TransactionList {...props} />;
    },
  };
});

const ME = { id: 'u-me', email: 'ana@example.com', user_name: 'Ana', role: 'USER' as const, email_verified: true, phone_number: null };
const OTHER = { id: 'u-other', email: 'otro@example.com', user_name: 'Otro' };

const ledger = (id: string, name: string, ownerId: string, canModifyBalance = false): Ledger => ({
  id,
  name,
  metodo_ganancia: 'por_operacion',
  createdAt: '2026-11-01T00:00:00.000Z',
  ownerId,
  owner: ownerId === ME.id ? ME : OTHER,
  inviteCode: ownerId === ME.id ? 'code' : null,
  members: [
    { userId: ownerId, canModifyBalance: true, soloLectura: false, user: ownerId === ME.id ? ME : OTHER },
    ...(ownerId === ME.id ? [] : [{ userId: ME.id, canModifyBalance, soloLectura: false, user: ME }]),
  ],
  _count: { transactions: 0 },
});

const v = (valor: number) => ({ valor });
const emptyBalances: Balances = {
  cerrado: null,
  resumen: {
    saldo_disponible_ves: v(0),
    saldo_disponible_usd: v(0),
    venta_total: v(0),
    compra_total: v(0),
    ganancia_total_ves: v(0),
    ganancia_total_usd: v(0),
  },
  promedios: { tasa_venta_promedio: 0, tasa_compra_promedio: 0 },
  saldos_base: { saldo_base_ves: 0, saldo_base_usd: 0, heredado: false, heredado_ves: false, heredado_usd: false },
  saldos_actuales: { saldo_ves_actual: 0, saldo_usd_actual: 0 },
  transacciones_con_acumulados: [],
};

/** ME signed in, and the server's answers: `ledgers`, an empty day, no position; `extra` first. */
function signedIn(ledgers: Ledger[], extra?: (call: Call) => Response | Promise<Response> | undefined) {
  window.localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(ME));
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  return mockFetch((call) => {
    const custom = extra?.(call);
    if (custom) return custom;
    if (call.url === '/api/ledgers' && call.method === 'GET') return json(200, ledgers);
    if (call.url.startsWith('/api/transactions/balances')) return json(200, emptyBalances);
    if (call.url.includes('/position?')) return json(200, { posicion_usd: 0, costo_promedio: 0, referencia: null });
    return json(404, { error: 'no', code: 'NOT_FOUND' });
  });
}

function setup(
  url: string | { pathname: string; search: string; state?: unknown },
  ledgers: Ledger[],
  extra?: (call: Call) => Response | Promise<Response> | undefined,
) {
  const calls = signedIn(ledgers, extra);
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: [url] });
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { calls, router, search, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  clearDashboardFlash();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const OWN = ledger('l-own', 'Mi Registro', ME.id);
const SHARED = ledger('l-shared', 'Grupo de Otro', OTHER.id);

describe('dashboard page', () => {
  it('fills a missing ledger and date into the query string and shows no banner for today', async () => {
    const { search, calls } = setup('/dashboard', [OWN, SHARED]);
    await waitFor(() => expect(search().get('ledger')).toBe(OWN.id));
    expect(search().get('date')).toBe(todayKey());
    await screen.findByText('Saldo disponible Bs.S');
    expect(calls.some((c) => c.url === `/api/transactions/balances?ledgerId=${OWN.id}&fecha=${todayKey()}`)).toBe(true);
    expect(screen.queryByText('Sí, crear registro de hoy')).toBeNull();
    // Nothing in the link was wrong: nothing to say about it.
    expect(screen.queryByText(/del enlace/)).toBeNull();
  });

  it('a page opened at once from the dashboard stays open while its code loads (the fresh-clone CI caught it)', async () => {
    // As in the app (BrowserRouter): the router changes pages in a transition, so the dashboard
    // stays mounted while the next page's code loads, and whatever it navigates to meanwhile wins.
    let codeArrives!: () => void;
    const code = new Promise<void>((resolve) => (codeArrives = resolve));
    const Membership = lazy(() => code.then(() => ({ default: () => <h1>Mi Membresía</h1> })));
    const Where = () => <output aria-label="Dirección">{useLocation().pathname}</output>;
    // Frames wait until the test paints them.
    const frames: FrameRequestCallback[] = [];
    const paintFrames = window.requestAnimationFrame.bind(window);
    const calls = signedIn([OWN]);
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    renderWithProviders(
      <AuthProvider>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Where />
          <Routes>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/membership" element={<Membership />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>,
    );
    // The user opens another page from the app bar once the dashboard has its ledger (it asks for
    // the day), before its first frame is painted.
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/transactions/balances'))).toBe(true));
    fireEvent.click(screen.getByRole('link', { name: 'Mi Membresía' }));
    // Then frames are painted and the thread goes idle while the page's code is on its way.
    await act(async () => {
      vi.stubGlobal('requestAnimationFrame', paintFrames);
      for (const frame of frames.splice(0)) frame(performance.now());
      await new Promise((r) => setTimeout(r, 300));
    });
    await act(async () => codeArrives());
    expect(await screen.findByRole('heading', { name: 'Mi Membresía' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('/membership');
  });

  it('falls back to today for an invalid date, and says so once (issue 36)', async () => {
    const { search } = setup(`/dashboard?ledger=${SHARED.id}&date=2026-02-31`, [OWN, SHARED]);
    await waitFor(() => expect(search().get('date')).toBe(todayKey()));
    expect(search().get('ledger')).toBe(SHARED.id);
    expect((await screen.findByRole('alert')).textContent).toContain('La fecha del enlace no es válida: se muestra hoy');
    expect(screen.getAllByText('La fecha del enlace no es válida: se muestra hoy')).toHaveLength(1);
  });

  it('a day far ahead (2099) is no day to show: today instead, and says so (issue 36)', async () => {
    const { search } = setup(`/dashboard?ledger=${OWN.id}&date=2099-01-01`, [OWN, SHARED]);
    await waitFor(() => expect(search().get('date')).toBe(todayKey()));
    expect((await screen.findByRole('alert')).textContent).toContain('La fecha del enlace no es válida: se muestra hoy');
  });

  it('a ledger the user is not in shows their first one, and says which (issue 36)', async () => {
    const { search } = setup(`/dashboard?ledger=l-gone&date=${todayKey()}`, [OWN, SHARED]);
    await waitFor(() => expect(search().get('ledger')).toBe(OWN.id));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'El registro del enlace no existe o no eres miembro: se muestra «Mi Registro»',
    );
  });

  it("asks about today's record on another day, and 'Sí, crear registro de hoy' goes to today", async () => {
    const yesterday = addDays(todayKey(), -1);
    const { search, user, calls } = setup(`/dashboard?ledger=${OWN.id}&date=${yesterday}`, [OWN]);
    await user.click(await screen.findByRole('button', { name: 'Sí, crear registro de hoy' }));
    await waitFor(() => expect(search().get('date')).toBe(todayKey()));
    expect(screen.queryByText('Sí, crear registro de hoy')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith(`fecha=${todayKey()}`))).toBe(true));
  });

  it('does not ask right after the user picked that past day in the ledger history (issue 25)', async () => {
    const yesterday = addDays(todayKey(), -1);
    const { search } = setup({ pathname: '/dashboard', search: `?ledger=${OWN.id}&date=${yesterday}`, state: PICKED_DAY_STATE }, [OWN]);
    await screen.findByText('Saldo disponible Bs.S');
    expect(search().get('date')).toBe(yesterday);
    expect(screen.queryByRole('region', { name: 'Registro de hoy' })).toBeNull();
  });

  it('asks in a tab left open across midnight when it is looked at again, once (issue 25)', async () => {
    // 23:59 on the 21st (local), then 00:01 on the 22nd: the day the tab opened on is now past.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2026, 10, 21, 23, 59));
      setup(`/dashboard?ledger=${OWN.id}&date=2026-11-21`, [OWN]);
      await screen.findByText('Saldo disponible Bs.S');
      act(() => window.dispatchEvent(new Event('focus')));
      expect(screen.queryByRole('region', { name: 'Registro de hoy' })).toBeNull();
      vi.setSystemTime(new Date(2026, 10, 22, 0, 1));
      act(() => document.dispatchEvent(new Event('visibilitychange')));
      const banner = await screen.findByRole('region', { name: 'Registro de hoy' });
      expect(banner.textContent).toContain('que no es hoy');
      await userEvent.setup().click(screen.getByRole('button', { name: 'No, mantener fecha actual' }));
      act(() => window.dispatchEvent(new Event('focus')));
      expect(screen.queryByRole('region', { name: 'Registro de hoy' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("'No, mantener fecha actual' keeps the day", async () => {
    const yesterday = addDays(todayKey(), -1);
    const { search, user } = setup(`/dashboard?ledger=${OWN.id}&date=${yesterday}`, [OWN]);
    await user.click(await screen.findByRole('button', { name: 'No, mantener fecha actual' }));
    expect(screen.queryByText('Sí, crear registro de hoy')).toBeNull();
    expect(search().get('date')).toBe(yesterday);
  });

  it('the owner may edit base balances and reset; a member without permission may not', async () => {
    setup(`/dashboard?ledger=${OWN.id}`, [OWN, SHARED]);
    expect(await screen.findByRole('button', { name: 'Editar saldo base Bs.S' })).toBeTruthy();
    // The tools follow the day's list by a painted frame (docs/decisions/0019-dashboard-first-paint.md).
    const reset = await screen.findByRole('button', { name: 'Restablecer' });
    // Its question says how to take a reset back, since "Deshacer" follows it (issue 36).
    fireEvent.click(reset);
    const question = (await screen.findByRole('dialog')).querySelector('#confirm-text')?.textContent ?? '';
    expect(question).toMatch(
      /^Se eliminarán todas las transacciones del .+ y los saldos base de ese día quedarán en 0\. Podrás deshacerlo con «Deshacer» durante 10 segundos, o restaurarlo desde «Actividad» en el historial del registro durante 30 días\.$/,
    );
    cleanup();
    setup(`/dashboard?ledger=${SHARED.id}`, [OWN, SHARED]);
    await screen.findByText('Saldo disponible Bs.S');
    await screen.findByRole('button', { name: 'Exportar Excel' });
    expect(screen.queryByRole('button', { name: /Editar saldo base/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restablecer' })).toBeNull();
  });

  it('in a ledger with accounts the reset question says what the server does: movements deleted, bases back to inherited', async () => {
    // The day's answer carries `cuentas` once the ledger has an account or a movement (docs/product.md "Resets").
    setup(`/dashboard?ledger=${OWN.id}`, [OWN], (call) =>
      call.url.startsWith('/api/transactions/balances')
        ? json(200, { ...emptyBalances, movimientos: [], cuentas: [], sin_asignar: { ves: 0, usd: 0 } })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Restablecer' }));
    const question = (await screen.findByRole('dialog')).querySelector('#confirm-text')?.textContent ?? '';
    expect(question).toMatch(
      /^Se eliminarán todas las transacciones y los movimientos del .+, y los saldos base de ese día volverán a ser los heredados del día anterior\. Podrás deshacerlo con «Deshacer» durante 10 segundos, o restaurarlo desde «Actividad» en el historial del registro durante 30 días\.$/,
    );
  });

  it("a member with 'Modificar saldos' may edit base balances", async () => {
    setup(`/dashboard?ledger=l-shared`, [ledger('l-shared', 'Grupo de Otro', OTHER.id, true)]);
    expect(await screen.findByRole('button', { name: 'Editar saldo base USD' })).toBeTruthy();
  });

  it('a viewer (Solo lectura) reads the day and exports, with no form, base editing or import (docs/product.md "Permissions")', async () => {
    // Solo lectura wins over a stray 'Modificar saldos'.
    const viewed = ledger('l-shared', 'Grupo de Otro', OTHER.id, true);
    const asViewer = { ...viewed, members: viewed.members.map((m) => (m.userId === ME.id ? { ...m, soloLectura: true } : m)) };
    setup(`/dashboard?ledger=l-shared`, [asViewer]);
    expect(await screen.findByText(messages.soloLecturaNotice)).toBeTruthy();
    await screen.findByText('Saldo disponible Bs.S');
    await screen.findByRole('button', { name: 'Exportar Excel' });
    expect(screen.queryByText('Nueva Transacción')).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar saldo base/ })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.importButton })).toBeNull();
  });

  it('"Repetir" on a row fills the form above (docs/product.md#repetir); a viewer sees neither', async () => {
    const row = aTransaction({
      ledgerId: SHARED.id,
      venta: 80,
      tasa_venta: 311.5,
      compra: 80,
      tasa_compra: 310,
      createdBy: { id: OTHER.id, user_name: 'Otro' },
    });
    const withRow = (call: Call) =>
      call.url.startsWith('/api/transactions/balances') ? json(200, { ...emptyBalances, transacciones_con_acumulados: [row] }) : undefined;
    setup(`/dashboard?ledger=${SHARED.id}`, [SHARED], withRow);
    fireEvent.click(await screen.findByRole('button', { name: 'Repetir transacción 1' }));
    await waitFor(() => expect((screen.getByLabelText('Venta (USD)') as HTMLInputElement).value).toBe('80,00'));
    expect((screen.getByLabelText('Tasa de venta (Bs)') as HTMLInputElement).value).toBe('311,50');
    cleanup();
    window.localStorage.clear();

    const asViewer = { ...SHARED, members: SHARED.members.map((m) => (m.userId === ME.id ? { ...m, soloLectura: true } : m)) };
    setup(`/dashboard?ledger=${SHARED.id}`, [asViewer], withRow);
    await screen.findByRole('button', { name: 'Editar transacción 1' });
    expect(screen.queryByRole('button', { name: 'Repetir transacción 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Editar transacción 1' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Eliminar transacción 1' })).toHaveProperty('disabled', true);
  });

  it('without ledgers, says a personal one is being created and creates "Mi Registro"', async () => {
    let created = false;
    const { calls } = setup('/dashboard', [], (call) => {
      if (call.url === '/api/ledgers' && call.method === 'POST') {
        created = true;
        return json(500, { error: messages.createLedgerError, code: 'INTERNAL_ERROR' });
      }
      return undefined;
    });
    expect(await screen.findByText(messages.creatingPersonalLedger)).toBeTruthy();
    await waitFor(() => expect(created).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Mi Registro' });
    expect(await screen.findByText(messages.createLedgerError)).toBeTruthy();
    const posts = () => calls.filter((c) => c.method === 'POST').length;
    await act(async () => screen.getByRole('button', { name: 'Reintentar' }).click());
    await waitFor(() => expect(posts()).toBe(2));
  });

  // Issue 17: right after a day switch the previous day's figures stay on screen as a placeholder;
  // the base dialog and the Excel button must wait for the new day's own answer.
  it('does not edit a base or export on the previous day while the chosen day loads', async () => {
    const yesterday = addDays(todayKey(), -1);
    const { router } = setup(`/dashboard?ledger=${OWN.id}&date=${todayKey()}`, [OWN], (call) =>
      call.url.endsWith(`fecha=${yesterday}`) ? (new Promise<Response>(() => {}) as unknown as Response) : undefined,
    );
    expect(await screen.findByRole('button', { name: 'Editar saldo base Bs.S' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Exportar Excel' });
    const exportButton = () => screen.getByRole('button', { name: 'Exportar Excel' }) as HTMLButtonElement;
    expect(exportButton().disabled).toBe(false);
    await act(() => router.navigate(`/dashboard?ledger=${OWN.id}&date=${yesterday}`));
    // today's figures are still shown while yesterday's answer never comes
    await waitFor(() => expect(exportButton().disabled).toBe(true));
    expect(screen.getByText('Saldo disponible Bs.S')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Editar saldo base/ })).toBeNull();
  });

  it('refuses to export a day without transactions', async () => {
    const { user, calls } = setup(`/dashboard?ledger=${OWN.id}`, [OWN]);
    await screen.findByText('Saldo disponible Bs.S');
    await user.click(await screen.findByRole('button', { name: 'Exportar Excel' }));
    expect(await screen.findByText(messages.exportNoTransactions)).toBeTruthy();
    expect(calls.some((c) => c.url.includes('export-daily'))).toBe(false);
  });

  it('asks the rates and the position only once the day has shown, and the tools follow it (docs/decisions/0019-dashboard-first-paint.md)', async () => {
    const { calls } = setup(`/dashboard?ledger=${OWN.id}`, [OWN]);
    await screen.findByRole('button', { name: 'Exportar Excel' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/rates/'))).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/position'))).toBe(true));
    const first = (part: string) => calls.findIndex((c) => c.url.includes(part));
    expect(first('/api/rates/')).toBeGreaterThan(first('/api/transactions/balances'));
    expect(first('/position')).toBeGreaterThan(first('/api/transactions/balances'));
  });

  it("asks for the tools' answers once each, before the tools are drawn (docs/decisions/0026-the-tools-task-and-a-slower-machine.md)", async () => {
    let toolsShownAtCall = -1;
    const { calls } = setup(`/dashboard?ledger=${OWN.id}`, [OWN], (call) => {
      // Whether the tools were on screen when each request left.
      if (/\/api\/rates\/|\/position/.test(call.url) && toolsShownAtCall < 0 && screen.queryByRole('button', { name: 'Exportar Excel' }))
        toolsShownAtCall = calls.length;
      if (call.url.startsWith('/api/rates/'))
        return json(200, { promedio: 310.5, fechaActualizacion: null, fuente: 'prueba', stale: false, obtenidoEn: '2026-11-26T12:00:00Z' });
      return undefined;
    });
    await screen.findByRole('button', { name: 'Exportar Excel' });
    await waitFor(() => expect(screen.queryByTestId('rate-paralelo-loading')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('position-open') ?? screen.queryByTestId('position-flat')).not.toBeNull());
    await new Promise((r) => setTimeout(r, 100));
    const count = (part: string) => calls.filter((c) => c.url.includes(part)).length;
    expect([count('/api/rates/oficial'), count('/api/rates/paralelo'), count('/position')]).toEqual([1, 1, 1]);
    expect(toolsShownAtCall).toBe(-1);
  });

  it("draws the new-transaction form after the day's list, in a placeholder of its place until then (docs/decisions/0019-dashboard-first-paint.md)", async () => {
    setup(`/dashboard?ledger=${OWN.id}`, [OWN]);
    // The commit that shows the day's list still holds the placeholder: same section and title, no fields.
    await screen.findByRole('heading', { name: 'Transacciones del día (0)' });
    expect(screen.getByTestId('tx-form-placeholder')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nueva Transacción' })).toBeTruthy();
    expect(screen.queryByLabelText('Venta (USD)')).toBeNull();
    // Then the form itself takes its place.
    expect(await screen.findByLabelText('Venta (USD)')).toBeTruthy();
    expect(screen.queryByTestId('tx-form-placeholder')).toBeNull();
    expect(screen.getAllByRole('heading', { name: 'Nueva Transacción' })).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Agregar Transacción' })).toBeTruthy();
  });

  it("shows the form without the day's list when the day does not answer (FORM_MAX_WAIT_MS)", async () => {
    // The day's answer never comes: the form must not wait for it for good.
    setup(`/dashboard?ledger=${OWN.id}`, [OWN], (call) =>
      call.url.startsWith('/api/transactions/balances') ? new Promise<Response>(() => undefined) : undefined,
    );
    await screen.findByTestId('tx-form-placeholder');
    expect(await screen.findByLabelText('Venta (USD)', undefined, { timeout: FORM_MAX_WAIT_MS + 2000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Transacciones del día/ })).toBeNull();
  });

  it("the parallel rate's answer redraws the form, not the day's list (docs/decisions/0027-fewer-redraws-of-the-dashboard.md)", async () => {
    let answerRate!: () => void;
    const rateAsked = new Promise<void>((resolve) => (answerRate = resolve));
    const rate = { promedio: 310.5, fechaActualizacion: null, fuente: 'prueba', stale: false, obtenidoEn: '2026-11-26T12:00:00Z' };
    setup(`/dashboard?ledger=${OWN.id}`, [OWN], (call) => {
      if (call.url.startsWith('/api/rates/paralelo')) return rateAsked.then(() => json(200, rate));
      if (call.url.startsWith('/api/rates/')) return json(200, rate);
      return undefined;
    });
    await screen.findByRole('button', { name: 'Exportar Excel' });
    await screen.findByLabelText('Venta (USD)');
    // Everything that follows the first screen (the realtime slot, the position) has come.
    await new Promise((r) => setTimeout(r, 300));
    const before = listDraws.count;
    answerRate();
    expect(await screen.findAllByRole('button', { name: 'Usar tasa paralela (310,50 Bs)' })).toHaveLength(2);
    expect(listDraws.count).toBe(before);
  });
});
