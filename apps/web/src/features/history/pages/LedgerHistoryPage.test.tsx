import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, formatBs, formatUsd, todayKey } from '@arb/shared';
import type { HistoryDate, HistorySummary } from '../api/types';
import { fakeApi, signIn, type Routes } from '../testing/fake-api';
import { saveSession } from '../../../shared/lib/session';
import { renderAt } from '../testing/render';
import LedgerHistoryPage from './LedgerHistoryPage';

/** The rates chart's uPlot draws on a canvas jsdom lacks (and asks matchMedia as it loads): a stand-in. */
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (d: Date) => d;
    setData() {}
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const LEDGER = 'a1b2c3d4-0000-4000-8000-000000000001';
const olga = { id: 'u9', user_name: 'Olga', email: 'olga@example.com' };
const me = { id: 'u1', user_name: 'Ana', email: 'ana@example.com' };
/** A ledger as GET /api/ledgers lists it: Olga owns it, the signed-in user (u1) is a member. */
const ledgerOf = (id: string, name: string, soloLectura = false) => ({
  id,
  name,
  ownerId: olga.id,
  owner: olga,
  members: [
    { userId: olga.id, canModifyBalance: true, soloLectura: false, user: olga },
    { userId: me.id, canModifyBalance: false, soloLectura, user: me },
  ],
  metodo_ganancia: 'por_operacion',
});
const ledgers = { status: 200, body: [ledgerOf('other', 'Otro'), ledgerOf(LEDGER, 'Caja Caracas')] };
const summary: HistorySummary = {
  resumen_total: { saldo_ves: 1234567.8, saldo_usd: 2500.5, ganancia_total: 321.45, transacciones_count: 42, fecha: '2026-11-21' },
  resumen_7dias: { ganancia_total: 55.1, transacciones_count: 7 },
  resumen_14dias: { ganancia_total: -12.3, transacciones_count: 11 },
  resumen_mes: { ganancia_total: 0, transacciones_count: 20 },
  hasta: '2026-11-21',
};
const dates: HistoryDate[] = [
  { date: '2026-11-21', formattedDate: 'sábado, 21 de noviembre de 2026', transactionCount: 3 },
  { date: '2026-11-19', formattedDate: 'jueves, 19 de noviembre de 2026', transactionCount: 1 },
];

let routes: Routes;
let api: ReturnType<typeof fakeApi>;
const base = (): Routes => ({
  '/api/ledgers': ledgers,
  '/api/transactions/dates': { status: 200, body: dates },
  '/api/transactions/history-summary': { status: 200, body: summary },
  '/api/rates/history': { status: 200, body: { dias: [] } },
  '/api/transactions/daily-profit': { status: 200, body: [{ date: '2026-11-21', ganancia_usd: 10, transactionCount: 3 }] },
  [`/api/ledgers/${LEDGER}/activity`]: { status: 200, body: [] },
  [`/api/ledgers/${LEDGER}/pnl`]: {
    status: 200,
    body: {
      dias: [
        {
          fecha: '2026-11-21',
          operaciones: 3,
          realizado_ves: 400,
          realizado_usd: 1.67,
          comisiones_usd: 0,
          posicion_usd: -60,
          costo_promedio: 250,
        },
      ],
      total: { operaciones: 3, realizado_ves: 400, realizado_usd: 1.67, comisiones_usd: 0 },
      por_miembro: [
        { userId: 'u1', user_name: 'Ana', operaciones: 3, realizado_ves: 400, realizado_usd: 1.67, posicion_usd: -60, costo_promedio: 250 },
        { userId: 'u2', user_name: 'Beto', operaciones: 2, realizado_ves: 2187.5, realizado_usd: 8.75, posicion_usd: 0, costo_promedio: 0 },
      ],
    },
  },
});
const open = () => {
  api = fakeApi(routes);
  return renderAt(<LedgerHistoryPage />, `/ledger/${LEDGER}/history`, '/ledger/:ledgerId/history');
};
const tile = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => {
  localStorage.clear();
  signIn();
  routes = base();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/ledger/:ledgerId/history (docs/product.md#screens)', () => {
  it('shows the breadcrumb, the ledger name, the days chip and the 10 summary tiles', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Caja Caracas' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Mis Registros' }).getAttribute('href')).toBe('/history');
    expect((await screen.findByTestId('days-chip')).textContent).toBe('2 días con transacciones');

    await screen.findByTestId('total-saldo-ves');
    expect(tile('total-saldo-ves')).toContain('1.234.567,80 Bs.S');
    expect(tile('total-saldo-usd')).toContain('2.500,50 USD');
    expect(tile('total-ganancia')).toContain('321,45 USD');
    expect(tile('total-count')).toContain('42');
    // It says which day the total closes on (docs/product.md#history, issue 25).
    expect(screen.getByRole('region', { name: 'Total al 21/11/2026' })).toBeTruthy();
    expect(tile('d7-ganancia')).toContain('55,10 USD');
    expect(tile('d7-count')).toContain('7');
    expect(tile('d14-ganancia')).toContain('-12,30 USD');
    expect(tile('d14-count')).toContain('11');
    expect(tile('mes-ganancia')).toContain('0,00 USD');
    expect(tile('mes-count')).toContain('20');
    expect(screen.getAllByTestId(/^(total|d7|d14|mes)-/)).toHaveLength(10);
    // The groups are named so a screen reader hears which window a figure belongs to.
    for (const name of ['Total al 21/11/2026', 'Últimos 7 días', 'Últimos 14 días', 'Este mes'])
      expect(screen.getByRole('region', { name })).toBeTruthy();
    // The ledger id goes with every call.
    expect(api.calls('/api/transactions/history-summary')[0]?.searchParams.get('ledgerId')).toBe(LEDGER);
  });

  it("shows the last 30 days' BCV and parallel rates beside the daily spread (DESIGN §24), asked once for that range", async () => {
    // No stored rate in the range: the chart says so rather than drawing an empty frame.
    routes['/api/rates/history'] = { status: 200, body: { dias: [{ fecha: todayKey(), oficial: null, paralelo: null }] } };
    open();
    expect(await screen.findByText('Tasas BCV y paralela')).toBeTruthy();
    expect(await screen.findByText('No hay tasas guardadas para este mes')).toBeTruthy();
    const asked = api.calls('/api/rates/history');
    expect(asked.map((u) => [u.searchParams.get('desde'), u.searchParams.get('hasta')])).toEqual([[addDays(todayKey(), -29), todayKey()]]);
  });

  it('lists the dates with their counts, each linking to the dashboard on that day', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Fechas con transacciones' });
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('sábado, 21 de noviembre de 2026');
    expect(items[0]!.textContent).toContain('3 transacciones');
    expect(items[0]!.getAttribute('href')).toBe(`/dashboard?ledger=${LEDGER}&date=2026-11-21`);
    expect(items[1]!.textContent).toContain('1 transacción');
    expect(items[1]!.getAttribute('href')).toBe(`/dashboard?ledger=${LEDGER}&date=2026-11-19`);

    await userEvent.click(items[1]!);
    expect(screen.getByTestId('location').textContent).toBe(`/dashboard?ledger=${LEDGER}&date=2026-11-19`);
  });

  it('a day listed for its movements alone says "1 movimiento", not "0 transacciones", and is not a day with transactions (walk3)', async () => {
    routes['/api/transactions/dates'] = {
      status: 200,
      body: [
        { date: '2026-11-23', formattedDate: 'lunes, 23 de noviembre de 2026', transactionCount: 0, movementCount: 1 },
        { date: '2026-11-22', formattedDate: 'domingo, 22 de noviembre de 2026', transactionCount: 2, movementCount: 3 },
        ...dates,
      ],
    };
    open();
    const list = await screen.findByRole('list', { name: 'Fechas con transacciones' });
    const items = within(list).getAllByRole('link');
    expect(items[0]!.textContent).toContain('1 movimiento');
    expect(items[0]!.textContent).not.toContain('transacci');
    expect(items[1]!.textContent).toContain('2 transacciones');
    expect(items[1]!.textContent).toContain('3 movimientos');
    expect(screen.getByTestId('days-chip').textContent).toBe('3 días con transacciones');
  });

  it('with no transactions, offers to create the first one on today', async () => {
    routes['/api/transactions/dates'] = { status: 200, body: [] };
    routes['/api/transactions/history-summary'] = {
      status: 200,
      body: { ...summary, resumen_total: { saldo_ves: 0, saldo_usd: 0, ganancia_total: 0, transacciones_count: 0, fecha: '2026-11-21' } },
    };
    open();
    expect(await screen.findByText('Este registro aún no tiene transacciones')).toBeTruthy();
    expect(screen.getByTestId('days-chip').textContent).toBe('0 días con transacciones');
    const create = screen.getByRole('link', { name: 'Crear Primera Transacción' });
    expect(create.getAttribute('href')).toBe(`/dashboard?ledger=${LEDGER}&date=${todayKey()}`);
    expect(screen.queryByRole('list', { name: 'Fechas con transacciones' })).toBeNull();
    // No chart without days to draw.
    expect(api.calls('/api/transactions/daily-profit')).toHaveLength(0);
  });

  it("a failing dates call shows 'Error cargando el historial de fechas' and 'Reintentar' calls again", async () => {
    routes['/api/transactions/dates'] = { status: 500 };
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error cargando el historial de fechas');
    routes['/api/transactions/dates'] = { status: 200, body: dates };
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('list', { name: 'Fechas con transacciones' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls('/api/transactions/dates')).toHaveLength(2);
  });

  it('shows a loading state until the answers arrive', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api = fakeApi(routes);
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/dates')) await gate;
      return answer(input, init);
    });
    renderAt(<LedgerHistoryPage />, `/ledger/${LEDGER}/history`, '/ledger/:ledgerId/history');
    expect(await screen.findByRole('progressbar', { name: 'Cargando historial' })).toBeTruthy();
    release();
    await screen.findByRole('list', { name: 'Fechas con transacciones' });
    expect(screen.queryByRole('progressbar', { name: 'Cargando historial' })).toBeNull();
  });

  it('a ledger that is not among the user’s shows the not-found state', async () => {
    routes['/api/ledgers'] = { status: 200, body: [{ id: 'other', name: 'Otro' }] };
    open();
    expect(await screen.findByRole('heading', { name: 'Registro no encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Mis Registros' }).getAttribute('href')).toBe('/history');
    expect(screen.queryByTestId('total-saldo-ves')).toBeNull();
  });

  it("docs/product.md#profit-method-and-position: the realized profit per day and the 'Ganancia por miembro' table", async () => {
    open();
    const perMember = await screen.findByRole('table', { name: 'Ganancia por miembro' });
    expect(within(perMember).getByText('Ana')).toBeTruthy();
    // issue 36: each member's realized Bs beside the USD, and the reason the members' sum is not the ledger's
    expect(within(perMember).getByRole('columnheader', { name: 'Realizado (Bs)' })).toBeTruthy();
    const beto = within(perMember).getByText('Beto').closest('tr')!;
    // 8,75 USD and 2.187,50 Bs.S, in the app's one money format
    expect(within(beto).getByText(formatUsd(8.75))).toBeTruthy();
    expect(within(beto).getByText(formatBs(2187.5))).toBeTruthy();
    expect(perMember.getAttribute('aria-describedby')).toBe('members-profit-note');
    expect(screen.getByText(/Cada miembro tiene su propio costo promedio/).textContent).toBe(
      'Cada miembro tiene su propio costo promedio, calculado solo con sus compras y ventas; el registro calcula uno con las de todos. Por eso la suma de las ganancias por miembro puede no coincidir con la del registro.',
    );
    const perDay = screen.getByRole('table', { name: 'Ganancia realizada por día' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(2);
    // The ledger counts its profit por operación: the average-cost tables say why their figures differ (walk3).
    expect(perDay.getAttribute('aria-describedby')).toBe('realized-note');
    expect(document.getElementById('realized-note')!.textContent).toMatch(
      /^Este registro calcula su ganancia por operación; estas tablas la calculan a costo promedio/,
    );
    expect(api.calls(`/api/ledgers/${LEDGER}/pnl`)).toHaveLength(1);
  });

  it('a failing chart does not hide the history', async () => {
    routes['/api/transactions/daily-profit'] = { status: 404, body: { error: 'Recurso no encontrado', code: 'NOT_FOUND' } };
    open();
    await screen.findByRole('list', { name: 'Fechas con transacciones' });
    await waitFor(() => expect(screen.getByText('Recurso no encontrado')).toBeTruthy());
    expect(tile('total-count')).toContain('42');
  });

  it('a viewer ("Solo lectura") reads the page but gets no write button: no first transaction, no undo of an import, no restore', async () => {
    saveSession({ user: { ...me, role: 'USER', email_verified: true, phone_number: null } });
    routes['/api/ledgers'] = { status: 200, body: [ledgerOf(LEDGER, 'Caja Caracas', true)] };
    routes['/api/transactions/dates'] = { status: 200, body: [] };
    routes[`/api/ledgers/${LEDGER}/imports`] = {
      status: 200,
      body: [
        {
          id: 'b1',
          createdAt: '2026-11-21T10:00:00Z',
          fileName: 'p2p.xlsx',
          created: 4,
          user: { id: me.id, user_name: 'Ana' },
          undone: false,
        },
        {
          id: 'b2',
          createdAt: '2026-11-21T11:00:00Z',
          fileName: 'beto-binance.csv',
          created: 1,
          user: { id: 'u-beto', user_name: 'Beto' },
          undone: false,
        },
      ],
    };
    // A delete she made before the owner made her a viewer: hers, recent, not restored.
    routes[`/api/ledgers/${LEDGER}/activity`] = {
      status: 200,
      body: [
        {
          id: 7,
          action: 'TRANSACTION_DELETED',
          entityId: 't1',
          fecha: '2026-11-21',
          before: { venta: 10, tasa_venta: 310 },
          after: null,
          createdAt: new Date().toISOString(),
          restoredAt: null,
          user: { id: me.id, user_name: 'Ana' },
        },
      ],
    };
    open();
    expect(await screen.findByText('Este registro aún no tiene transacciones')).toBeTruthy();
    expect(await screen.findByText('p2p.xlsx · 4 operaciones')).toBeTruthy();
    // One is said in the singular (socios walk: "beto-binance.csv · 1 operaciones").
    expect(screen.getByText('beto-binance.csv · 1 operación')).toBeTruthy();
    expect(await screen.findByText(/Ana eliminó una transacción/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Crear Primera Transacción' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deshacer importación' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restaurar' })).toBeNull();
  });

  it('the same member, not a viewer, gets the undo and the restore of what she did', async () => {
    saveSession({ user: { ...me, role: 'USER', email_verified: true, phone_number: null } });
    routes[`/api/ledgers/${LEDGER}/imports`] = {
      status: 200,
      body: [
        {
          id: 'b1',
          createdAt: '2026-11-21T10:00:00Z',
          fileName: 'p2p.xlsx',
          created: 4,
          user: { id: me.id, user_name: 'Ana' },
          undone: false,
        },
      ],
    };
    routes[`/api/ledgers/${LEDGER}/activity`] = {
      status: 200,
      body: [
        {
          id: 7,
          action: 'TRANSACTION_DELETED',
          entityId: 't1',
          fecha: '2026-11-21',
          before: { venta: 10, tasa_venta: 310 },
          after: null,
          createdAt: new Date().toISOString(),
          restoredAt: null,
          user: { id: me.id, user_name: 'Ana' },
        },
      ],
    };
    open();
    expect(await screen.findByRole('button', { name: 'Deshacer importación' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Restaurar' })).toBeTruthy();
  });
});
