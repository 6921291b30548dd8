import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import {
  ANA,
  LEDGER,
  cuenta,
  cuentasAnswer,
  fakeApi as pageApi,
  movimiento,
  openPage as open,
  writes,
  type Replies,
  withAnaSignedIn,
  anasLedger,
} from '../testing/harness';

/** Editing and archiving accounts, editing and deleting movements (with "Deshacer"), the day's picker. */
const HOY = todayKey();

const ledger = anasLedger(true);
const BANESCO = cuenta({ id: 'c-banesco', nombre: 'Banesco', version: 4, saldo: 1000 });
const MOV = movimiento({ id: 'm-1', fecha: HOY, cuenta_destino_id: BANESCO.id, version: 2 });

/** The page's API: Banesco at any asked day, one movement, its deletion in the activity; writes answered by `replies`. */
const fakeApi = (replies: Replies = {}) =>
  pageApi({
    ledger,
    cuentas: (fecha) => cuentasAnswer([BANESCO], { ves: 0, usd: 0 }, { ves: 1000, usd: 0 }, fecha),
    movimientos: [MOV],
    activity: [{ id: 77, action: 'MOVEMENT_DELETED', entityId: MOV.id, fecha: HOY, restoredAt: null, user: { id: ANA.id } }],
    replies,
  });

withAnaSignedIn();

describe('Cuentas page: edits (docs/product.md#cuentas-y-movimientos)', () => {
  it('edits an account with the version it was read at', async () => {
    const user = userEvent.setup();
    const sent = fakeApi();
    open();
    await user.click(await screen.findByRole('button', { name: 'Editar Banesco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cuenta' });
    const nombre = within(dialog).getByRole('textbox', { name: 'Nombre' });
    expect(nombre).toHaveProperty('value', 'Banesco');
    await user.clear(nombre);
    await user.type(nombre, 'Banesco Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/api/ledgers/${LEDGER}/cuentas/${BANESCO.id}`,
        body: { nombre: 'Banesco Ana', moneda: 'VES', tipo: 'banco', titularId: ANA.id, metodos_binance: [], version: 4 },
      }),
    ]);
  });

  it('archiving asks first, and shows the server’s Spanish refusal (DESIGN §28: a balance left)', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({
      [`PUT /api/ledgers/${LEDGER}/cuentas/${BANESCO.id}`]: [
        409,
        { error: 'Transfiere el saldo antes de archivar', code: 'CUENTA_CON_SALDO' },
      ],
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Archivar Banesco' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archivar Banesco' });
    expect(writes(sent)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Archivar' }));
    expect(await screen.findByText('Transfiere el saldo antes de archivar')).toBeTruthy();
    expect(writes(sent)).toEqual([expect.objectContaining({ method: 'PUT', body: { archivada: true, version: 4 } })]);
  });

  it('edits a movement with its stored values and version', async () => {
    const user = userEvent.setup();
    const sent = fakeApi();
    open();
    await user.click(await screen.findByRole('button', { name: /^Editar Transferencia/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Hacia' })).toHaveProperty('value', BANESCO.id);
    const monto = within(dialog).getByRole('textbox', { name: 'Monto' });
    expect(monto).toHaveProperty('value', '1.000,00');
    await user.clear(monto);
    await user.type(monto, '1200,5');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent), dialog.textContent ?? '').toHaveLength(1));
    expect(writes(sent)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/api/ledgers/${LEDGER}/movimientos/${MOV.id}`,
        body: expect.objectContaining({
          tipo: 'transferencia',
          monto: '1200.5',
          cuenta_destino_id: BANESCO.id,
          cuenta_origen_id: null,
          version: 2,
        }),
      }),
    ]);
  });

  it('deletes a movement after asking, then "Deshacer" restores it from the activity (docs/product.md#undo)', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({
      [`DELETE /api/ledgers/${LEDGER}/movimientos/${MOV.id}`]: [204, null],
      [`POST /api/ledgers/${LEDGER}/activity/77/restore`]: [200, { restored: 1 }],
    });
    open();
    await user.click(await screen.findByRole('button', { name: /^Eliminar Transferencia/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar movimiento' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Movimiento eliminado')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deshacer' }));
    await waitFor(() =>
      expect(writes(sent).map((s) => `${s.method} ${s.path}`)).toContain(`POST /api/ledgers/${LEDGER}/activity/77/restore`),
    );
    expect(writes(sent)[0]).toMatchObject({ method: 'DELETE', path: `/api/ledgers/${LEDGER}/movimientos/${MOV.id}` });
  });

  it('the day picker reads the balances at the end of the chosen day, and the cuadre is of that day', async () => {
    const user = userEvent.setup();
    const sent = fakeApi();
    open();
    const picker = await screen.findByTestId('cuentas-fecha');
    const earlier = `${HOY.slice(0, 8)}01` === HOY ? '2026-01-15' : `${HOY.slice(0, 8)}01`;
    fireEvent.change(picker, { target: { value: earlier } });
    await waitFor(() => expect(sent.some((s) => s.path.endsWith('/cuentas') && s.search === `?fecha=${earlier}`)).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Cuadrar Banesco' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Saldo real' }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Cuadrar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toEqual({ fecha: earlier, saldo_real: '1000' });
  });

  it('a member without the balance permission sees no edit, archive or delete buttons', async () => {
    ledger.members[0]!.canModifyBalance = false;
    ledger.ownerId = 'u-otro';
    try {
      fakeApi();
      open();
      await screen.findByTestId('cuenta-Banesco');
      await screen.findAllByTestId('movimiento');
      expect(screen.queryByRole('button', { name: /Editar|Archivar|Eliminar|Cuadrar/ })).toBeNull();
    } finally {
      ledger.members[0]!.canModifyBalance = true;
      ledger.ownerId = ANA.id;
    }
  });
});
