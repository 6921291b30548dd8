import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS, type CuentaSaldoJson } from '@arb/shared';
import { AppThemeProvider } from '../../../shared/theme';
import { balancesQueryKey } from '../api/get-balances';
import { json, mockFetch } from '../test/harness';
import { TransactionForm } from './TransactionForm';

const LEDGER = '11111111-1111-4111-8111-111111111111';
const FECHA = '2026-11-20';

const cuenta = (id: string, nombre: string, moneda: 'VES' | 'USD', archivada = false): CuentaSaldoJson => ({
  id,
  ledgerId: LEDGER,
  nombre,
  moneda,
  tipo: 'banco',
  titular: null,
  metodos_binance: [],
  archivada,
  version: 1,
  saldo: 0,
  ultimo_cuadre: null,
  descuadrada: false,
});
const BANESCO = cuenta('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Banesco', 'VES');
const MERCANTIL = cuenta('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Mercantil', 'VES');
const BINANCE = cuenta('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'Binance', 'USD');
const VIEJA = cuenta('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 'Vieja', 'VES', true);

/** The form with the day's answer already in the cache, as the dashboard has it (the form asks for nothing itself). */
async function setup(cuentas: CuentaSaldoJson[] | undefined) {
  window.localStorage.setItem(STORAGE_KEYS.authToken, `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
  const calls = mockFetch(() => json(201, { transaction: {} }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(balancesQueryKey(LEDGER, FECHA), { transacciones_con_acumulados: [], ...(cuentas ? { cuentas } : {}) });
  render(
    <AppThemeProvider>
      <QueryClientProvider client={client}>
        <TransactionForm ledgerId={LEDGER} fecha={FECHA} onError={vi.fn()} />
      </QueryClientProvider>
    </AppThemeProvider>,
  );
  await screen.findByRole('button', { name: 'Agregar Transacción' });
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const creates = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.method === 'POST' && c.url === '/api/transactions');

describe('new-transaction form: "Cuenta Bs" / "Cuenta USD" (docs/product.md#cuentas-y-movimientos)', () => {
  it('a ledger without accounts shows no selects and sends no account fields', async () => {
    const { calls, user } = await setup(undefined);
    expect(screen.queryByLabelText('Cuenta Bs')).toBeNull();
    await user.type(screen.getByLabelText('Venta (USD)'), '10');
    await user.type(screen.getByLabelText('Tasa de venta (Bs)'), '310');
    await user.click(screen.getByRole('button', { name: 'Agregar Transacción' }));
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0]!.body).not.toHaveProperty('cuenta_ves_id');
    expect(creates(calls)[0]!.body).not.toHaveProperty('cuentaVesId');
  });

  it('offers Sin asignar and the active accounts of each currency, sends the choice and remembers it per ledger', async () => {
    const { calls, user } = await setup([MERCANTIL, BANESCO, BINANCE, VIEJA]);
    const ves = (await screen.findByLabelText('Cuenta Bs')) as HTMLSelectElement;
    const usd = (await screen.findByLabelText('Cuenta USD')) as HTMLSelectElement;
    // Sin asignar first, then by name; the archived one is not offered
    expect([...ves.options].map((o) => o.text)).toEqual(['Sin asignar', 'Banesco', 'Mercantil']);
    expect([...usd.options].map((o) => o.text)).toEqual(['Sin asignar', 'Binance']);
    expect([ves.value, usd.value]).toEqual(['', '']);
    await user.selectOptions(ves, 'Banesco');
    await user.selectOptions(usd, 'Binance');
    expect(JSON.parse(window.localStorage.getItem(`arb:cuentas:${LEDGER}`)!)).toEqual({ ves: BANESCO.id, usd: BINANCE.id });
    await user.type(screen.getByLabelText('Venta (USD)'), '10');
    await user.type(screen.getByLabelText('Tasa de venta (Bs)'), '310');
    await user.click(screen.getByRole('button', { name: 'Agregar Transacción' }));
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0]!.body).toMatchObject({ venta: '10.00', cuenta_ves_id: BANESCO.id, cuenta_usd_id: BINANCE.id });
    expect(creates(calls)[0]!.body).not.toHaveProperty('cuentaVesId');
    // The form empties its amounts but keeps the accounts for the next operation
    await waitFor(() => expect((screen.getByLabelText('Venta (USD)') as HTMLInputElement).value).toBe(''));
    expect([ves.value, usd.value]).toEqual([BANESCO.id, BINANCE.id]);
    // Sin asignar is sent as null
    await user.selectOptions(usd, 'Sin asignar');
    await user.type(screen.getByLabelText('Compra (USD)'), '5');
    await user.type(screen.getByLabelText('Tasa de compra (Bs)'), '309');
    await user.click(screen.getByRole('button', { name: 'Agregar Transacción' }));
    await waitFor(() => expect(creates(calls)).toHaveLength(2));
    expect(creates(calls)[1]!.body).toMatchObject({ cuenta_ves_id: BANESCO.id, cuenta_usd_id: null });
  });

  it('starts from the last choice of this ledger; a remembered account since archived reads as Sin asignar', async () => {
    window.localStorage.setItem(`arb:cuentas:${LEDGER}`, JSON.stringify({ ves: VIEJA.id, usd: BINANCE.id }));
    await setup([BANESCO, BINANCE, VIEJA]);
    await waitFor(() => expect((screen.getByLabelText('Cuenta USD') as HTMLSelectElement).value).toBe(BINANCE.id));
    expect((screen.getByLabelText('Cuenta Bs') as HTMLSelectElement).value).toBe('');
  });
});
