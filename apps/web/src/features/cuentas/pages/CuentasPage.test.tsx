import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { todayKey } from '@arb/shared';
import {
  ANA,
  LEDGER,
  cuenta,
  cuentasAnswer as answer,
  fakeApi,
  openPage as open,
  writes,
  type Replies,
  withAnaSignedIn,
} from '../testing/harness';

const BETO = { id: 'u-beto', user_name: 'Beto', email: 'beto@example.com' };
const member = (user: { id: string; user_name: string; email: string }, canModifyBalance: boolean) => ({
  userId: user.id,
  canModifyBalance,
  user,
});
const ledger = (anaCanModify: boolean) => ({
  id: LEDGER,
  name: 'Caja Caracas',
  ownerId: BETO.id,
  owner: BETO,
  members: [member(BETO, true), member({ id: ANA.id, user_name: 'Ana', email: ANA.email }, anaCanModify)],
});

const BANESCO = cuenta({ id: 'c-banesco', nombre: 'Banesco', saldo: 1013510, descuadrada: true });
const BINANCE = cuenta({ id: 'c-binance', nombre: 'Binance', moneda: 'USD', tipo: 'binance', saldo: 250.5 });
const ZELLE = cuenta({ id: 'c-zelle', nombre: 'Zelle Beto', moneda: 'USD', tipo: 'zelle', titular: { id: BETO.id, user_name: 'Beto' } });

withAnaSignedIn();

describe('/ledger/:ledgerId/cuentas (docs/product.md#cuentas-y-movimientos)', () => {
  it('lists the accounts by holder with balance, kind, cuadre state, and Sin asignar only in the currency not at zero', async () => {
    fakeApi({ ledger: ledger(false), cuentas: answer([BANESCO, BINANCE, ZELLE], { ves: 0, usd: 120 }) });
    open();
    const ana = await screen.findByRole('region', { name: 'Ana' });
    expect(within(ana).getByRole('heading', { name: 'Ana' })).toBeTruthy();
    const banesco = within(ana).getByTestId('cuenta-Banesco');
    expect(banesco.textContent).toContain('1.013.510,00 Bs.S');
    expect(banesco.textContent).toContain('Banco');
    expect(banesco.textContent).toContain('Sin cuadre');
    expect(within(banesco).getByText('Descuadrada')).toBeTruthy();
    expect(within(ana).getByTestId('cuenta-Binance').textContent).toContain('250,50 USD');
    expect(within(ana).queryByTestId('cuenta-Zelle Beto')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Beto' })).getByTestId('cuenta-Zelle Beto').textContent).toContain('Zelle');
    expect(screen.getByTestId('sin-asignar-USD').textContent).toBe('120,00 USD');
    expect(screen.queryByTestId('sin-asignar-VES')).toBeNull();
    // Ana has no balance permission: she reads, and sees no write button.
    expect(screen.queryByRole('button', { name: 'Nueva cuenta' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cuadrar/ })).toBeNull();
  });

  it('a dropped connection says what could not load and offers "Reintentar", which brings it (walk3)', async () => {
    let cuentasDown = true;
    let movimientosDown = true;
    fakeApi({
      ledger: ledger(true),
      cuentas: () => {
        if (cuentasDown) throw new TypeError('Failed to fetch');
        return answer([BANESCO]);
      },
      movimientos: () => {
        if (movimientosDown) throw new TypeError('Failed to fetch');
        return [200, []];
      },
    });
    open();
    expect(await screen.findByText('No se pudieron cargar las cuentas')).toBeTruthy();
    expect(screen.queryByText(/al procesar la solicitud/)).toBeNull();
    cuentasDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findByTestId('cuenta-Banesco')).textContent).toContain('1.013.510,00 Bs.S');
    expect(screen.getByRole('button', { name: 'Nueva cuenta' })).toBeTruthy();
    // The month's movements say their own failure, not the generic one.
    expect(await screen.findByText('No se pudieron cargar los movimientos')).toBeTruthy();
    movimientosDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay movimientos este mes')).toBeTruthy();
  });

  it('says there are no accounts yet', async () => {
    fakeApi({ ledger: ledger(true), cuentas: answer([]) });
    open();
    expect(await screen.findByText(/Aún no hay cuentas/)).toBeTruthy();
  });

  it('creates an account with its holder among the members', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger: ledger(true), cuentas: answer([]) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Nueva cuenta' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Binance');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Moneda' }), 'USD');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tipo' }), 'binance');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Titular' }), 'Beto');
    await user.type(within(dialog).getByRole('textbox', { name: /Métodos de Binance/ }), 'Banesco, Mercantil');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/api/ledgers/${LEDGER}/cuentas`,
        body: { nombre: 'Binance', moneda: 'USD', tipo: 'binance', titularId: BETO.id, metodos_binance: ['Banesco', 'Mercantil'] },
      }),
    ]);
  });

  it('sends a transfer from Sin asignar with its fee, the amounts read the Venezuelan way', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger: ledger(true), cuentas: answer([BANESCO, BINANCE], { ves: 2000000, usd: 0 }) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Transferencia' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Desde' })).toHaveProperty('value', '');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hacia' }), 'Banesco');
    const monto = within(dialog).getByRole('textbox', { name: 'Monto' });
    await user.type(monto, '1.500.000,5');
    await user.tab();
    expect(monto).toHaveProperty('value', '1.500.000,50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comisión' }), '12,3');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toHaveLength(1);
    expect(writes(sent)[0]?.path).toBe(`/api/ledgers/${LEDGER}/movimientos`);
    expect(writes(sent)[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(writes(sent)[0]?.body).toEqual({
      tipo: 'transferencia',
      fecha: todayKey(),
      moneda: 'VES',
      monto: '1500000.5',
      comision: '12.3',
      cuenta_origen_id: null,
      cuenta_destino_id: BANESCO.id,
      notas: null,
    });
  });

  it('shows a cuadre’s difference as it is typed, then registers the ajuste of that difference', async () => {
    const user = userEvent.setup();
    const replies = {
      [`POST /api/ledgers/${LEDGER}/cuentas/${BANESCO.id}/cuadres`]: [
        201,
        {
          cuadre: {
            id: 'q1',
            cuentaId: BANESCO.id,
            fecha: todayKey(),
            saldo_real: 1013000,
            saldo_sistema: 1013510,
            diferencia: -510,
            sin_verificar: 0,
            creadoPor: null,
            createdAt: new Date().toISOString(),
          },
        },
      ],
    } satisfies Replies;
    const sent = fakeApi({ ledger: ledger(true), cuentas: answer([BANESCO]), replies });
    open();
    await user.click(await screen.findByRole('button', { name: 'Cuadrar Banesco' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1.013.510,00 Bs.S');
    await user.type(within(dialog).getByRole('textbox', { name: 'Saldo real' }), '1.013.000');
    expect(within(dialog).getByTestId('cuadre-diferencia').textContent).toBe('Diferencia: -510,00 Bs.S');
    await user.click(within(dialog).getByRole('button', { name: 'Cuadrar' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Registrar ajuste por la diferencia' }));
    expect(writes(sent)[0]?.body).toEqual({ fecha: todayKey(), saldo_real: '1013000' });

    const ajuste = await screen.findByRole('dialog', { name: 'Ajuste' });
    expect(within(ajuste).getByRole('combobox', { name: 'Cuenta' })).toHaveProperty('value', BANESCO.id);
    expect(within(ajuste).getByRole('textbox', { name: 'Monto' })).toHaveProperty('value', '510,00');
    await user.click(within(ajuste).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)[1]?.body).toEqual({
      tipo: 'ajuste',
      fecha: todayKey(),
      moneda: 'VES',
      monto: '510',
      comision: '0',
      cuenta_origen_id: BANESCO.id,
      notas: expect.stringContaining('Ajuste por cuadre') as unknown,
    });
  });

  it('asks to verify the unverified operations instead of offering the ajuste (DESIGN §28)', async () => {
    const user = userEvent.setup();
    const cuadre = { id: 'q2', cuentaId: BANESCO.id, fecha: todayKey(), saldo_real: 1000000, saldo_sistema: 1013510 };
    const replies = {
      [`POST /api/ledgers/${LEDGER}/cuentas/${BANESCO.id}/cuadres`]: [
        201,
        { cuadre: { ...cuadre, diferencia: -13510, sin_verificar: 13510, creadoPor: null, createdAt: new Date().toISOString() } },
      ],
    } satisfies Replies;
    fakeApi({ ledger: ledger(true), cuentas: answer([BANESCO]), replies });
    open();
    await user.click(await screen.findByRole('button', { name: 'Cuadrar Banesco' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Saldo real' }), '1000000');
    await user.click(within(dialog).getByRole('button', { name: 'Cuadrar' }));
    expect(await within(dialog).findByText(/Hay operaciones sin verificar en esta cuenta/)).toBeTruthy();
    expect(dialog.textContent).toContain('13.510,00 Bs.S');
    expect(within(dialog).queryByRole('button', { name: 'Registrar ajuste por la diferencia' })).toBeNull();
  });

  it('asks before saving a VES aporte whose rate is far from the parallel one (issue 36: a comma lost)', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger: ledger(true), cuentas: answer([BANESCO]) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Aporte' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monto' }), '1.000.000');
    // "405,1234" typed without its comma: 4.051.234 is 10.000 times the parallel rate (405,1234 Bs).
    await user.type(within(dialog).getByRole('textbox', { name: 'Tasa (Bs/USD)' }), '4051234');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const question = await screen.findByRole('dialog', { name: 'Tasa lejos de la paralela' });
    expect(question.textContent).toContain('¿Seguro? La tasa es 10.000 veces la paralela (405,1234 Bs)');
    expect(writes(sent)).toEqual([]);
    // Back to the form to fix it: the rate read the Venezuelan way is sent.
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    const tasa = within(dialog).getByRole('textbox', { name: 'Tasa (Bs/USD)' });
    await user.clear(tasa);
    await user.type(tasa, '405,1234');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toMatchObject({ tipo: 'aporte', moneda: 'VES', monto: '1000000', tasa: '405.1234' });
    expect(screen.queryByRole('dialog', { name: 'Tasa lejos de la paralela' })).toBeNull();
  });

  it('saves a far rate once its question is answered', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger: ledger(true), cuentas: answer([BANESCO]) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Retiro' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monto' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tasa (Bs/USD)' }), '40,5');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const question = await screen.findByRole('dialog', { name: 'Tasa lejos de la paralela' });
    expect(question.textContent).toContain('¿Seguro? La tasa es 10 veces menor que la paralela (405,1234 Bs)');
    await user.click(within(question).getByRole('button', { name: 'Guardar igualmente' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toMatchObject({ tipo: 'retiro', moneda: 'VES', monto: '1000', tasa: '40.5' });
  });

  it('offline, a dialog keeps what is typed and its Guardar says why it waits (issue 36: a reason seen on touch and heard)', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger: ledger(true), cuentas: answer([BANESCO, BINANCE]) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Transferencia' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hacia' }), BANESCO.id);
    await user.type(within(dialog).getByRole('textbox', { name: 'Monto' }), '1.234,5');
    // The connection goes: TanStack Query would hold the request paused behind a busy-looking button.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const guardar = within(dialog).getByRole('button', { name: 'Guardar' });
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(guardar).toHaveProperty('disabled', true);
      const reason = document.getElementById(guardar.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe('Requiere conexión');
      expect(within(dialog).getByText('Requiere conexión')).toBe(reason); // written, not only on hover
      await user.type(within(dialog).getByRole('textbox', { name: 'Monto' }), '{Enter}');
      expect(writes(sent)).toEqual([]);
    } finally {
      // Back online, the same form is sent once.
      onLine.mockRestore();
      act(() => void window.dispatchEvent(new Event('online')));
    }
    expect(guardar).toHaveProperty('disabled', false);
    expect(guardar.getAttribute('aria-describedby')).toBeNull();
    await user.click(guardar);
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toMatchObject({ tipo: 'transferencia', monto: '1234.5' });
  });

  it('refuses an ajuste without its reason before sending it', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger: ledger(true), cuentas: answer([BANESCO]) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Ajuste' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monto' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indica el motivo del ajuste')).toBeTruthy();
    expect(writes(sent)).toHaveLength(0);
  });
});
