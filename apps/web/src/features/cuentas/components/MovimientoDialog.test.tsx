import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, todayKey } from '@arb/shared';
import {
  ANA,
  LEDGER,
  cuenta,
  cuentasAnswer,
  fakeApi,
  movimiento,
  openPage as open,
  writes,
  withAnaSignedIn,
  anasLedger,
} from '../testing/harness';

/** The movement form against the server's rules of decision 0063 (docs/product.md#cuentas-y-movimientos). */
const HOY = todayKey();

const ledger = anasLedger(true);
const BANESCO = cuenta({ id: 'c-banesco', nombre: 'Banesco', saldo: 50000 });
/** A VES aporte whose rate was resolved at creation (36,5 Bs/USD) and stored. */
const APORTE = movimiento({
  id: 'm-aporte',
  tipo: 'aporte',
  fecha: HOY,
  monto: 36500,
  cuenta_destino_id: BANESCO.id,
  miembro: { id: ANA.id, user_name: 'Ana' },
  tasa: 36.5,
  version: 3,
});

withAnaSignedIn();

describe('MovimientoDialog', () => {
  it('an edit that clears the rate sends tasa: null (the day’s rate again); one that leaves it omits it (the stored rate stays)', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger, cuentas: cuentasAnswer([BANESCO]), movimientos: [APORTE] });
    open();

    // Left as it was: the key is not sent, so the server keeps 36,5 (decision 0063).
    await user.click(await screen.findByRole('button', { name: /^Editar Aporte/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Tasa (Bs/USD)' })).toHaveProperty('value', '36,50');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Notas' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notas' }), 'Corrige la nota');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({ method: 'PUT', path: `/api/ledgers/${LEDGER}/movimientos/${APORTE.id}` });
    expect(writes(sent)[0]!.body).toMatchObject({ tipo: 'aporte', moneda: 'VES', notas: 'Corrige la nota', version: 3 });
    expect(writes(sent)[0]!.body).not.toHaveProperty('tasa');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Cleared: `tasa: null` asks the server for the day's rate again.
    await user.click(await screen.findByRole('button', { name: /^Editar Aporte/ }));
    dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Tasa (Bs/USD)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)[1]!.body).toMatchObject({ tipo: 'aporte', moneda: 'VES', tasa: null, version: 3 });
  });

  it('a day after tomorrow is refused in the form, before the server’s 400 (decision 0035 "Dates of entries")', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger, cuentas: cuentasAnswer([BANESCO]), movimientos: [] });
    open();
    await user.click(await screen.findByRole('button', { name: 'Transferencia' }));
    const dialog = await screen.findByRole('dialog');
    const fecha = within(dialog).getByLabelText('Fecha');
    const manana = addDays(HOY, 1);
    // The phone's picker offers no later day; typed, 2062 for 2026 is said under the field.
    expect(fecha.getAttribute('max')).toBe(manana);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hacia' }), 'Banesco');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monto' }), '100');
    fireEvent.change(fecha, { target: { value: '2062-01-15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La fecha no puede ser posterior a mañana')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
    // Tomorrow is still a day of entries (a sale noted the evening before).
    fireEvent.change(fecha, { target: { value: manana } });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toMatchObject({ tipo: 'transferencia', fecha: manana, cuenta_destino_id: BANESCO.id });
  });

  it('a retiro may name whom the server lists as a partner who left, marked "(ex socio)", from one read when the form opens; an aporte only members', async () => {
    const user = userEvent.setup();
    // Beto is an account's titular; Carla was in an old closed period only; Dario only on a retiro
    // dated before the first aporte: none of them is on the page — only the server knows (GET …/socios).
    const ZELLE = cuenta({ id: 'c-zelle', nombre: 'Zelle Beto', moneda: 'USD', titular: { id: 'u-beto', user_name: 'Beto' } });
    const sent = fakeApi({
      ledger,
      cuentas: cuentasAnswer([BANESCO, ZELLE]),
      socios: [
        { userId: ANA.id, user_name: 'Ana', ex_miembro: false },
        { userId: 'u-dario', user_name: 'Dario', ex_miembro: true },
        { userId: 'u-beto', user_name: 'Beto', ex_miembro: true },
        { userId: 'u-carla', user_name: 'Carla', ex_miembro: true },
      ],
    });
    const reads = () => sent.filter((s) => s.method === 'GET').map((s) => s.path.replace(`/api/ledgers/${LEDGER}`, ''));
    open();
    await user.click(await screen.findByRole('button', { name: 'Retiro' }));
    let dialog = await screen.findByRole('dialog');
    const opciones = () =>
      Array.from(within(dialog).getByRole('combobox', { name: 'Socio' }).querySelectorAll('option')).map((o) => o.textContent);
    await waitFor(() => expect(opciones()).toEqual(['Ana', 'Beto (ex socio)', 'Carla (ex socio)', 'Dario (ex socio)']));
    // One read, only now: no closed periods and no movements pieced together on the phone.
    expect(reads().filter((p) => p === '/socios')).toHaveLength(1);
    expect(reads()).not.toContain('/liquidaciones');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Socio' }), 'Carla (ex socio)');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Moneda' }), 'USD');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monto' }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toMatchObject({ tipo: 'retiro', moneda: 'USD', monto: '250', miembroId: 'u-carla' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A person who left brings no money in: the server refuses an aporte naming them.
    await user.click(screen.getByRole('button', { name: 'Aporte' }));
    dialog = await screen.findByRole('dialog');
    expect(opciones()).toEqual(['Ana']);
  });

  it('the page does not ask for the partners until a retiro’s form opens', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger, cuentas: cuentasAnswer([BANESCO]) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Aporte' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Transferencia' }));
    await screen.findByRole('dialog');
    expect(sent.some((s) => s.path.endsWith('/socios'))).toBe(false);
  });

  it('an edit of a movement of a partner who left shows them as its socio, and keeps them', async () => {
    const user = userEvent.setup();
    const DE_BETO = movimiento({ id: 'm-beto', tipo: 'aporte', moneda: 'USD', monto: 80, miembro: { id: 'u-beto', user_name: 'Beto' } });
    const sent = fakeApi({ ledger, cuentas: cuentasAnswer([BANESCO]), movimientos: [DE_BETO] });
    open();
    await user.click(await screen.findByRole('button', { name: /^Editar Aporte/ }));
    const dialog = await screen.findByRole('dialog');
    const socio = within(dialog).getByRole('combobox', { name: 'Socio' });
    expect(socio).toHaveProperty('value', 'u-beto');
    expect(socio.querySelector('option:checked')?.textContent).toBe('Beto (ex socio)');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toMatchObject({ tipo: 'aporte', miembroId: 'u-beto', version: 1 });
  });
});
