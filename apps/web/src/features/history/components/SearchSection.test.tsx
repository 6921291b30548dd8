import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchRow } from '@arb/shared';
import { fakeApi, signIn } from '../testing/fake-api';
import { renderAt } from '../testing/render';
import { SearchSection } from './SearchSection';

const row = (i: number, over: Partial<SearchRow> = {}): SearchRow => ({
  id: `t${i}`,
  fecha: '2026-03-12',
  ocurrido_en: '2026-03-12T15:00:00.000Z',
  venta: 0,
  tasa_venta: 0,
  compra: 50,
  tasa_compra: 39,
  notas: `nota ${i}`,
  referencia: null,
  contraparte: null,
  origen: 'manual',
  esta_verificada: false,
  cuenta_ves_id: null,
  cuenta_usd_id: null,
  createdBy: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Buscar operaciones', () => {
  it('searches a reference and opens the hit on its day', async () => {
    signIn();
    const { calls } = fakeApi({
      '/api/ledgers/L1/transactions/search': {
        status: 200,
        body: {
          rows: [row(1, { fecha: '2024-05-02', referencia: '22745188745533214711', contraparte: 'juanito', origen: 'binance_p2p' })],
          total: 1,
          mas: false,
          page: 1,
        },
      },
    });
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), '5533214711');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const hit = await screen.findByRole('link', { name: /22745188745533214711 · juanito/ });
    const sent = calls('/api/ledgers/L1/transactions/search')[0]!;
    expect(sent.searchParams.get('q')).toBe('5533214711');
    expect(sent.searchParams.has('tipo')).toBe(false);
    expect(screen.getByText('1 operación')).toBeTruthy();
    await userEvent.click(hit);
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/dashboard?ledger=L1&date=2024-05-02');
    expect(where.getAttribute('data-picked-day')).toBe('true');
  });

  it('says one hit in the singular and shows both sides of a row that pairs a sale and a purchase (walk3)', async () => {
    signIn();
    fakeApi({
      '/api/ledgers/L1/transactions/search': {
        status: 200,
        body: {
          rows: [row(1, { fecha: '2026-11-21', venta: 100, tasa_venta: 315.5, compra: 100, tasa_compra: 310 })],
          total: 1,
          mas: false,
          page: 1,
        },
      },
    });
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), 'pedro{Enter}');
    expect(
      await screen.findByRole('link', { name: /21\/11\/2026 · Venta 100,00 USD a 315,50 Bs · Compra 100,00 USD a 310,00 Bs/ }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 operación');
  });

  it('keeps the search in the address: "back" from a hit returns to the same results and filters (walk3)', async () => {
    signIn();
    const { calls } = fakeApi({
      '/api/ledgers/L1/cuentas': { status: 200, body: cuentasAnswer },
      '/api/ledgers/L1/transactions/search': (url) => ({
        status: 200,
        body: { rows: [row(1, { fecha: '2026-03-12', notas: `hit ${url.searchParams.get('q')}` })], total: 1, mas: false, page: 1 },
      }),
    });
    renderAt(<SearchSection ledgerId="L1" />, '/ledger/L1/history');
    const user = userEvent.setup();
    await pick(user, 'Cuenta', 'Banesco (Bs)');
    await pick(user, 'Tipo', 'Compra');
    await user.type(screen.getByLabelText('Nota, referencia o contraparte'), 'mercantil{Enter}');
    await user.click(await screen.findByRole('link', { name: /hit mercantil/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard?ledger=L1&date=2026-03-12');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    // The same results, and the form says what it searched.
    expect(await screen.findByRole('link', { name: /hit mercantil/ })).toBeTruthy();
    expect((screen.getByLabelText('Nota, referencia o contraparte') as HTMLInputElement).value).toBe('mercantil');
    expect(screen.getByLabelText('Cuenta').textContent).toBe('Banesco (Bs)');
    expect(screen.getByLabelText('Tipo').textContent).toBe('Compra');
    expect(Object.fromEntries(calls('/api/ledgers/L1/transactions/search').at(-1)!.searchParams)).toEqual({
      q: 'mercantil',
      tipo: 'compra',
      cuentaId: BANESCO,
    });
  });

  it('an address holding a search shows its results at once; a value the form could not send is dropped', async () => {
    signIn();
    const { calls } = fakeApi({
      '/api/ledgers/L1/transactions/search': { status: 200, body: { rows: [row(1)], total: 1, mas: false, page: 1 } },
    });
    renderAt(<SearchSection ledgerId="L1" />, '/ledger/L1/history?buscar=1&q=pedro&tipo=otra&desde=2026-03-01&hasta=ayer&pagina=2');
    expect(await screen.findByText('nota 1')).toBeTruthy();
    expect(Object.fromEntries(calls('/api/ledgers/L1/transactions/search')[0]!.searchParams)).toEqual({
      q: 'pedro',
      desde: '2026-03-01',
      page: '2',
    });
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2026-03-01');
    // "Limpiar" takes the search out of the address: nothing is shown or asked again.
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(screen.queryByText('nota 1')).toBeNull();
    expect((screen.getByLabelText('Nota, referencia o contraparte') as HTMLInputElement).value).toBe('');
  });

  it('says a text needs 3 characters without asking the server', async () => {
    signIn();
    const { calls } = fakeApi({});
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Escribe al menos 3 caracteres para buscar')).toBeTruthy();
    expect(calls('/api/ledgers/L1/transactions/search')).toHaveLength(0);
  });

  it('pages through more than 1,000 matches and says so', async () => {
    signIn();
    const { calls } = fakeApi({
      '/api/ledgers/L1/transactions/search': (url) => ({
        status: 200,
        body: {
          rows: [row(Number(url.searchParams.get('page') ?? 1))],
          total: 1000,
          mas: true,
          page: Number(url.searchParams.get('page') ?? 1),
        },
      }),
    });
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), 'binance');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Más de 1.000 operaciones: afina la búsqueda')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('nota 2');
    await waitFor(() => expect(calls('/api/ledgers/L1/transactions/search').at(-1)!.searchParams.get('page')).toBe('2'));
  });

  it('filters by account, member, origin, side and dates, and sends exactly those', async () => {
    signIn();
    const { calls } = fakeApi({
      '/api/ledgers/L1/cuentas': { status: 200, body: cuentasAnswer },
      '/api/ledgers/L1/transactions/search': {
        status: 200,
        body: { rows: [row(1, { fecha: '2026-03-12' })], total: 1, mas: false, page: 1 },
      },
    });
    renderAt(<SearchSection ledgerId="L1" members={[ana, luis]} />, '/');
    const user = userEvent.setup();
    await pick(user, 'Cuenta', 'Banesco (Bs)');
    await pick(user, 'Miembro', 'Luis');
    await pick(user, 'Origen', 'Binance P2P');
    await pick(user, 'Tipo', 'Compra');
    await user.type(screen.getByLabelText('Desde'), '2026-03-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByText('1 operación');
    const sent = calls('/api/ledgers/L1/transactions/search')[0]!;
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      cuentaId: BANESCO,
      userId: luis.id,
      origen: 'binance_p2p',
      tipo: 'compra',
      desde: '2026-03-01',
      hasta: '2026-03-31',
    });
    // "Limpiar" empties every filter and the results.
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(screen.queryByText('1 operación')).toBeNull();
    expect(screen.getByLabelText('Cuenta').textContent).toBe('Todas');
  });

  it('offers no account filter without accounts and no member filter in a ledger of one', async () => {
    signIn();
    const { calls } = fakeApi({ '/api/ledgers/L1/cuentas': { status: 200, body: { ...cuentasAnswer, cuentas: [] } } });
    renderAt(<SearchSection ledgerId="L1" members={[ana]} />, '/');
    await waitFor(() => expect(calls('/api/ledgers/L1/cuentas')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByLabelText('Cuenta')).toBeNull();
    expect(screen.queryByLabelText('Miembro')).toBeNull();
  });

  it('says "Buscando…" while it waits, then "No hay operaciones que coincidan"', async () => {
    signIn();
    let answer: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: RequestInfo | URL) =>
          new Promise<Response>((resolve) => {
            const empty = String(input).includes('/cuentas') ? cuentasAnswer : { rows: [], total: 0, mas: false, page: 1 };
            answer = () => resolve(new Response(JSON.stringify(empty), { status: 200, headers: { 'content-type': 'application/json' } }));
            if (String(input).includes('/cuentas')) answer();
          }),
      ),
    );
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), 'nadie{Enter}');
    expect(await screen.findByText('Buscando…')).toBeTruthy();
    answer();
    expect(await screen.findByText('No hay operaciones que coincidan')).toBeTruthy();
    expect(screen.queryByText('Buscando…')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No hay operaciones que coincidan');
  });

  it('says the server’s Spanish error and offers "Reintentar"', async () => {
    signIn();
    let fail = true;
    const { calls } = fakeApi({
      '/api/ledgers/L1/transactions/search': () =>
        fail
          ? { status: 500, body: { error: 'Error interno del servidor', code: 'INTERNAL_ERROR' } }
          : { status: 200, body: { rows: [row(1)], total: 1, mas: false, page: 1 } },
    });
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Nota, referencia o contraparte'), 'orden{Enter}');
    expect(await screen.findByText('Error interno del servidor')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 operación')).toBeTruthy();
    expect(calls('/api/ledgers/L1/transactions/search')).toHaveLength(2);
  });

  it('refuses reversed dates without asking the server', async () => {
    signIn();
    const { calls } = fakeApi({});
    renderAt(<SearchSection ledgerId="L1" />, '/');
    await userEvent.type(screen.getByLabelText('Desde'), '2026-03-31');
    await userEvent.type(screen.getByLabelText('Hasta'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('La fecha «Desde» es posterior a «Hasta»')).toBeTruthy();
    expect(calls('/api/ledgers/L1/transactions/search')).toHaveLength(0);
  });

  it('works from the keyboard: Enter searches, Tab reaches the first hit, Enter opens its day', async () => {
    signIn();
    const api = fakeApi({
      '/api/ledgers/L1/transactions/search': {
        status: 200,
        body: { rows: [row(1, { fecha: '2026-02-03', referencia: 'REF-77' })], total: 1, mas: false, page: 1 },
      },
    });
    const { calls } = api;
    renderAt(<SearchSection ledgerId="L1" />, '/');
    const user = userEvent.setup();
    // A filter from the keyboard: Tab to "Tipo", open it, arrow down to "Venta", Enter.
    screen.getByLabelText('Hasta').focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Tipo'));
    await user.keyboard('{Enter}');
    await screen.findByRole('option', { name: 'Venta' });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Tipo').textContent).toBe('Venta'));
    await user.click(screen.getByLabelText('Nota, referencia o contraparte'));
    await user.keyboard('REF-77{Enter}');
    const hit = await screen.findByRole('link', { name: /REF-77/ });
    // The text field, the dates, the selects, "Buscar", "Limpiar", then the hit.
    for (let i = 0; i < 12 && document.activeElement !== hit; i++) await user.tab();
    expect(document.activeElement).toBe(hit);
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard?ledger=L1&date=2026-02-03');
    expect(Object.fromEntries(calls('/api/ledgers/L1/transactions/search')[0]!.searchParams)).toEqual({ q: 'REF-77', tipo: 'venta' });
  });
});

const BANESCO = '66666666-6666-4666-8666-666666666666';
const ana = { id: '77777777-7777-4777-8777-777777777777', user_name: 'Ana', email: 'ana@example.com' };
const luis = { id: '88888888-8888-4888-8888-888888888888', user_name: 'Luis', email: 'luis@example.com' };
const cuenta = (id: string, nombre: string, moneda: 'VES' | 'USD') => ({
  id,
  ledgerId: 'L1',
  nombre,
  moneda,
  tipo: 'banco',
  titular: null,
  metodos_binance: [],
  archivada: false,
  version: 1,
  saldo: 0,
  ultimo_cuadre: null,
  descuadrada: false,
});
const cuentasAnswer = {
  fecha: '2026-03-31',
  cuentas: [cuenta(BANESCO, 'Banesco', 'VES'), cuenta('99999999-9999-4999-8999-999999999999', 'Binance', 'USD')],
  sin_asignar: { ves: 0, usd: 0 },
  totales: { ves: 0, usd: 0 },
};

/** Chooses `option` in the MUI select labelled `label`, from the keyboard as a user would (Enter opens it). */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const select = await screen.findByLabelText(label);
  select.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('option', { name: option }));
}
