import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MovimientoJson } from '@arb/shared';
import { LEDGER, cuenta, cuentasAnswer, fakeApi, movimiento, openPage, type Reply, withAnaSignedIn, anasLedger } from '../testing/harness';

/** The month's movements filtered by account (docs/product.md#cuentas-y-movimientos, decision 0060). */
const ledger = anasLedger(false);
const BANESCO = cuenta({ id: 'c-banesco', nombre: 'Banesco', saldo: 11538.5 });
const MERCANTIL = cuenta({ id: 'c-mercantil', nombre: 'Mercantil', saldo: 500 });
const BINANCE = cuenta({ id: 'c-binance', nombre: 'Binance', moneda: 'USD', tipo: 'binance', saldo: 0 });

const entra = movimiento({ id: 'm-1', fecha: '2026-06-02', monto: 6000, cuenta_destino_id: BANESCO.id });
const sale = movimiento({
  id: 'm-2',
  fecha: '2026-06-05',
  monto: 500,
  comision: 1.5,
  cuenta_origen_id: BANESCO.id,
  cuenta_destino_id: MERCANTIL.id,
});
const ajuste = movimiento({ id: 'm-3', tipo: 'ajuste', fecha: '2026-06-05', monto: 10, cuenta_origen_id: BANESCO.id, notas: 'faltante' });
const TODAS = [entra, sale, ajuste];
// What the server answers for Banesco: the same three, each with Banesco's balance at the end of its day
// (12.050 on the 2nd with a sale's 4.050; 12.050 − 501,50 − 10 = 11.538,50 on the 5th).
const DE_BANESCO: MovimientoJson[] = [
  { ...entra, saldo_cuenta: 12050 },
  { ...sale, saldo_cuenta: 11538.5 },
  { ...ajuste, saldo_cuenta: 11538.5 },
];

/** The movements' answers by the asked account; any other account is the server's 404. */
function movimientosPorCuenta(url: URL): Reply {
  const cuentaId = url.searchParams.get('cuentaId');
  if (cuentaId === null) return [200, TODAS];
  if (cuentaId === BANESCO.id) return [200, DE_BANESCO];
  if (cuentaId === BINANCE.id || cuentaId === MERCANTIL.id) return [200, []];
  return [404, { error: 'Cuenta no encontrada', code: 'NOT_FOUND' }];
}

const filtro = () => within(screen.getByRole('region', { name: 'Movimientos del mes' })).getByRole('combobox', { name: 'Cuenta' });
const filas = () => screen.queryAllByTestId('movimiento').map((li) => li.textContent);
const movimientosPedidos = (sent: ReturnType<typeof fakeApi>) =>
  sent.filter((s) => s.path === `/api/ledgers/${LEDGER}/movimientos`).map((s) => new URLSearchParams(s.search).get('cuentaId'));

withAnaSignedIn();

describe('Cuentas page: movements of one account', () => {
  it('picks an account: the address keeps it, the server filters, signs say in or out, each day closes with the balance; back returns to all', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger, cuentas: cuentasAnswer([BANESCO, MERCANTIL, BINANCE]), movimientos: movimientosPorCuenta });
    const { router } = openPage();
    await waitFor(() => expect(filas()).toHaveLength(3));
    expect(filtro()).toHaveProperty('value', '');
    expect(
      within(filtro())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas', 'Banesco (Bs)', 'Mercantil (Bs)', 'Binance (USD)']);
    // Without a filter: no closing balances, and a transfer is not signed (it moves money inside the ledger).
    expect(screen.queryByTestId('saldo-cierre')).toBeNull();
    expect(filas()[1]).toContain('500,00 Bs.S');
    expect(filas()[1]).not.toContain('-500,00');

    await user.selectOptions(filtro(), 'Banesco (Bs)');
    expect(screen.getByTestId('location').textContent).toBe(`/ledger/${LEDGER}/cuentas?cuenta=${BANESCO.id}`);
    await waitFor(() => expect(screen.getAllByTestId('saldo-cierre')).toHaveLength(2));
    expect(movimientosPedidos(sent)).toEqual([null, BANESCO.id]);
    expect(filas()).toHaveLength(3);
    expect(filas()[0]).toContain('+6.000,00 Bs.S');
    expect(filas()[1]).toContain('-500,00 Bs.S');
    expect(filas()[2]).toContain('-10,00 Bs.S');
    // One closing line per day, on its last movement.
    expect(screen.getAllByTestId('saldo-cierre').map((e) => e.textContent)).toEqual([
      'Saldo al cierre del 02/06/2026: 12.050,00 Bs.S',
      'Saldo al cierre del 05/06/2026: 11.538,50 Bs.S',
    ]);
    expect(within(screen.getAllByTestId('movimiento')[1]!).queryByTestId('saldo-cierre')).toBeNull();

    // An account without movements this month says so in the page's words.
    await user.selectOptions(filtro(), 'Binance (USD)');
    expect(await screen.findByText('No hay movimientos de esta cuenta este mes')).toBeTruthy();
    expect(filas()).toHaveLength(0);

    // The browser's "back": Banesco again, from the address.
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('location').textContent).toBe(`/ledger/${LEDGER}/cuentas?cuenta=${BANESCO.id}`);
    await waitFor(() => expect(filas()).toHaveLength(3));
    expect(filtro()).toHaveProperty('value', BANESCO.id);

    // "Todas" takes the filter out of the address.
    await user.selectOptions(filtro(), 'Todas');
    expect(screen.getByTestId('location').textContent).toBe(`/ledger/${LEDGER}/cuentas`);
    await waitFor(() => expect(screen.queryByTestId('saldo-cierre')).toBeNull());
    expect(filas()).toHaveLength(3);
  });

  it('a shared address opens filtered: the first request already asks for that account only', async () => {
    const sent = fakeApi({ ledger, cuentas: cuentasAnswer([BANESCO, MERCANTIL]), movimientos: movimientosPorCuenta });
    openPage(`?cuenta=${MERCANTIL.id}`);
    expect(await screen.findByText('No hay movimientos de esta cuenta este mes')).toBeTruthy();
    expect(filtro()).toHaveProperty('value', MERCANTIL.id);
    expect(movimientosPedidos(sent)).toEqual([MERCANTIL.id]);
  });

  it('shows the wait, then the server’s refusal of an account it does not know, with "Reintentar"; "Todas" lists again', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => (release = resolve));
    const ajena = '00000000-0000-4000-8000-000000000009';
    fakeApi({
      ledger,
      cuentas: cuentasAnswer([BANESCO]),
      movimientos: async (url) => {
        if (url.searchParams.get('cuentaId') === ajena) await waited;
        return movimientosPorCuenta(url);
      },
    });
    openPage(`?cuenta=${ajena}`);
    const region = await screen.findByRole('region', { name: 'Movimientos del mes' });
    expect(within(region).getByRole('progressbar', { name: 'Cargando cuentas...' })).toBeTruthy();
    // The address names an account the page does not list: the select says so rather than pretending "Todas".
    expect(filtro()).toHaveProperty('value', ajena);
    expect((filtro() as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Cuenta no listada');
    release();
    expect(await within(region).findByText('Cuenta no encontrada')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    await user.selectOptions(filtro(), 'Todas');
    await waitFor(() => expect(filas()).toHaveLength(3));
  });

  it('a ledger without accounts has no filter to offer', async () => {
    fakeApi({ ledger, cuentas: cuentasAnswer([], { ves: 100, usd: 0 }), movimientos: [] });
    openPage();
    expect(await screen.findByText('No hay movimientos este mes')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Movimientos del mes' })).queryByRole('combobox')).toBeNull();
  });
});
