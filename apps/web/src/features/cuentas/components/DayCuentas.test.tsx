import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { CuentaSaldoJson, MovimientoJson } from '@arb/shared';
import { DayCuentasCard, DayMovimientos } from './DayCuentas';

const LEDGER = 'a1b2c3d4-0000-4000-8000-000000000001';
const cuenta = (over: Partial<CuentaSaldoJson>): CuentaSaldoJson => ({
  id: 'c-0',
  ledgerId: LEDGER,
  nombre: 'Cuenta',
  moneda: 'VES',
  tipo: 'banco',
  titular: null,
  metodos_binance: [],
  archivada: false,
  version: 1,
  saldo: 0,
  ultimo_cuadre: null,
  descuadrada: false,
  ...over,
});
const BANESCO = cuenta({ id: 'c-banesco', nombre: 'Banesco', saldo: 1013510.5, descuadrada: true });
const BINANCE = cuenta({ id: 'c-binance', nombre: 'Binance', moneda: 'USD', tipo: 'binance', saldo: 250.5 });

const mov = (over: Partial<MovimientoJson>): MovimientoJson => ({
  id: 'm-0',
  ledgerId: LEDGER,
  tipo: 'transferencia',
  fecha: '2026-11-20',
  ocurrido_en: '2026-11-20T12:00:00.000Z',
  moneda: 'VES',
  monto: 1000,
  comision: 0,
  cuenta_origen_id: null,
  cuenta_destino_id: 'c-banesco',
  sentido: null,
  miembro: null,
  tasa: null,
  notas: null,
  creadoPor: null,
  version: 1,
  createdAt: '2026-11-20T12:00:00.000Z',
  ...over,
});

afterEach(cleanup);

describe('the dashboard’s Cuentas card and day’s movements (docs/product.md#cuentas-y-movimientos)', () => {
  it('lists each account’s balance in its currency, marks Descuadrada, shows Sin asignar only when not zero, and links to the page', () => {
    render(
      <MemoryRouter>
        <DayCuentasCard ledgerId={LEDGER} fecha="2026-11-20" cuentas={[BANESCO, BINANCE]} sinAsignar={{ ves: 0, usd: -12.25 }} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('day-cuentas');
    const items = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['BanescoDescuadrada1.013.510,50 Bs.S', 'Binance250,50 USD', 'Sin asignar USD-12,25 USD']);
    expect(within(card).getByText('Saldos al cierre del 20/11/2026')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Ver cuentas' }).getAttribute('href')).toBe(`/ledger/${LEDGER}/cuentas`);
  });

  it('shows the day’s movements read-only, with where the money went and the sign of what left', () => {
    render(
      <DayMovimientos
        cuentas={[BANESCO, BINANCE]}
        movimientos={[
          mov({ id: 'm-1' }),
          mov({
            id: 'm-2',
            tipo: 'retiro',
            moneda: 'USD',
            monto: 20,
            cuenta_origen_id: 'c-binance',
            cuenta_destino_id: null,
            miembro: { id: 'u', user_name: 'Ana' },
          }),
        ]}
      />,
    );
    const list = screen.getByTestId('day-movimientos');
    expect(within(list).getByRole('heading').textContent).toBe('Movimientos del día (2)');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TransferenciaSin asignar → Banesco1.000,00 Bs.S', 'RetiroBinance · Ana-20,00 USD']);
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('no movements: nothing drawn', () => {
    const { container } = render(<DayMovimientos cuentas={[]} movimientos={[]} />);
    expect(container.textContent).toBe('');
  });
});
