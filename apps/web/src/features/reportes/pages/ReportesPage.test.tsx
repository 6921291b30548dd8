import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { previousMonth, todayKey, type ReporteMensualJson } from '@arb/shared';
import { saveSession } from '../../../shared/lib/session';
import ReportesPage from './ReportesPage';

vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    static tzDate = (d: Date) => d;
    setData() {}
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const LEDGER = 'a1b2c3d4-0000-4000-8000-000000000001';
const ANA = { id: 'u-ana', email: 'ana@example.com', user_name: 'Ana', role: 'USER', email_verified: true, phone_number: null } as const;
const MES = previousMonth(todayKey().slice(0, 7));

const reporte = (over: Partial<ReporteMensualJson['resumen']> = {}): ReporteMensualJson => ({
  mes: MES,
  desde: `${MES}-01`,
  hasta: `${MES}-28`,
  resumen: {
    operaciones: 3,
    venta_usd: 130,
    compra_usd: 130,
    tasa_venta_promedio: 40.7692,
    tasa_compra_promedio: 40.1538,
    ganancia_ves: 75.9,
    ganancia_usd: 1.89,
    comisiones_usd: 0.1,
    movimientos_netos_ves: 0,
    movimientos_netos_usd: 100,
    saldo_inicial_ves: 1000,
    saldo_inicial_usd: 500,
    saldo_final_ves: 1080,
    saldo_final_usd: 599.9,
    patrimonio_inicial: { fecha: `${MES}-01`, usd: null, tasa: null },
    patrimonio_final: { fecha: `${MES}-28`, usd: 623.9, tasa: 45 },
    margen_promedio: null,
    ...over,
  },
  dias: [],
  autores: [],
});

/** While true, the month's figures and files fail as a dropped connection does (fetch rejects). */
let down = false;

/** The page's API: ledgers, the month's figures, rates history (absent: 404), and the files as streams of two chunks. */
function fakeApi(fileStatus = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname + url.search);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/ledgers') return json(200, [{ id: LEDGER, name: 'Caja Ñandú', ownerId: ANA.id, members: [] }]);
      if (url.pathname.endsWith('/reportes/mensual')) {
        if (down) throw new TypeError('Failed to fetch');
        const formato = url.searchParams.get('formato');
        if (formato === 'json') return json(200, reporte());
        if (fileStatus !== 200)
          return json(fileStatus, { error: 'El mes debe estar entre 2000-01 y el mes actual', code: 'VALIDATION_ERROR' });
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new Uint8Array(600));
            c.enqueue(new Uint8Array(400));
            c.close();
          },
        });
        return new Response(body, {
          status: 200,
          headers: {
            'content-type': formato === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-length': '1000',
            'content-disposition': `attachment; filename="x"; filename*=UTF-8''arbitraje-Caja%20%C3%91and%C3%BA-${MES}.${formato}`,
          },
        });
      }
      return json(404, { error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

/** The page at its route (`search` after it); the router comes back so a test can go back as the browser's button does. */
const open = (search = '') => {
  const router = createMemoryRouter([{ path: '/ledger/:ledgerId/reportes', element: <ReportesPage /> }], {
    initialEntries: [`/ledger/${LEDGER}/reportes${search}`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

const saved: string[] = [];
let click: { mockRestore(): void } | undefined;
beforeEach(() => {
  localStorage.clear();
  const payload = btoa(JSON.stringify({ sub: ANA.id, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r', user: ANA });
  saved.length = 0;
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  down = false;
  cleanup();
  vi.unstubAllGlobals();
  click?.mockRestore();
});

describe('ReportesPage (DESIGN §25)', () => {
  it('opens on last month with its figures in es-ES, and a missing rate as a sentence', async () => {
    const calls = fakeApi();
    open();
    expect(await screen.findByText('1,89 USD')).toBeTruthy();
    expect((screen.getByTestId('mes') as HTMLInputElement).value).toBe(MES);
    expect(calls).toContain(`/api/ledgers/${LEDGER}/reportes/mensual?mes=${MES}&formato=json`);
    expect(screen.getByText('1.080,00 Bs.S')).toBeTruthy();
    expect(screen.getByText('40,7692 Bs')).toBeTruthy();
    expect(screen.getByText('623,90 USD')).toBeTruthy();
    expect(screen.getByText(/^Falta la tasa del \d\d\/\d\d\/\d{4}$/)).toBeTruthy();
    // The rates history is not there: a Spanish notice, not a crash.
    expect(await screen.findByText('No se pudieron cargar las tasas')).toBeTruthy();
  });

  it("asks the current month's rates up to today only, never for days still to come (walk3)", async () => {
    const calls = fakeApi();
    open();
    await screen.findByText('1,89 USD');
    const actual = todayKey().slice(0, 7);
    fireEvent.change(screen.getByTestId('mes'), { target: { value: actual } });
    await waitFor(() => expect(calls).toContain(`/api/rates/history?desde=${actual}-01&hasta=${todayKey()}`));
    expect(calls.some((c) => c.startsWith('/api/rates/history') && !c.endsWith(todayKey()) && c.includes(`desde=${actual}`))).toBe(false);
  });

  it('keeps the month in the address: it opens on ?mes= and "back" returns to the month chosen before (walk3)', async () => {
    const calls = fakeApi();
    const antes = previousMonth(MES);
    const router = open(`?mes=${antes}`);
    await screen.findByText('1,89 USD');
    expect((screen.getByTestId('mes') as HTMLInputElement).value).toBe(antes);
    expect(calls).toContain(`/api/ledgers/${LEDGER}/reportes/mensual?mes=${antes}&formato=json`);
    fireEvent.change(screen.getByTestId('mes'), { target: { value: MES } });
    await waitFor(() => expect(router.state.location.search).toBe(`?mes=${MES}`));
    await waitFor(() => expect(calls).toContain(`/api/ledgers/${LEDGER}/reportes/mensual?mes=${MES}&formato=json`));
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByTestId('mes') as HTMLInputElement).value).toBe(antes));
    // A month the picker would refuse falls back to the last whole one.
    cleanup();
    open('?mes=2999-01');
    await screen.findAllByText('1,89 USD');
    expect((screen.getByTestId('mes') as HTMLInputElement).value).toBe(MES);
  });

  it('downloads the workbook and the PDF under the server name, saying when done', async () => {
    const calls = fakeApi();
    open();
    await screen.findByText('1,89 USD');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await screen.findByText('Informe descargado');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toEqual([`arbitraje-Caja Ñandú-${MES}.xlsx`, `arbitraje-Caja Ñandú-${MES}.pdf`]));
    expect(calls.filter((c) => /formato=(xlsx|pdf)/.test(c))).toEqual([
      `/api/ledgers/${LEDGER}/reportes/mensual?mes=${MES}&formato=xlsx`,
      `/api/ledgers/${LEDGER}/reportes/mensual?mes=${MES}&formato=pdf`,
    ]);
  });

  it('a dropped connection says what failed, the figures with "Reintentar" (walk3)', async () => {
    down = true;
    const calls = fakeApi();
    open();
    expect(await screen.findByText('Error cargando el informe del mes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText('No se pudo descargar el informe')).toBeTruthy();
    expect(screen.queryByText(/al procesar la solicitud/)).toBeNull();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1,89 USD')).toBeTruthy();
    expect(calls.filter((c) => c.endsWith('formato=json'))).toHaveLength(2);
  });

  it("a refused download shows the server's Spanish message", async () => {
    fakeApi(400);
    open();
    await screen.findByText('1,89 USD');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText('El mes debe estar entre 2000-01 y el mes actual')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
