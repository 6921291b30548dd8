import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayKey } from '@arb/shared';
import { cuenta, cuentasAnswer, fakeApi, openPage as open, writes, withAnaSignedIn, anasLedger } from '../testing/harness';

/** The page's day is also the cuadre's: no later than today (decision 0035 "Dates of entries", decision 0063). */
const HOY = todayKey();

const ledger = anasLedger(true);
const BANESCO = cuenta({ id: 'c-banesco', nombre: 'Banesco', saldo: 1000 });

withAnaSignedIn();

describe('Cuentas page: the day of the balances and of the cuadre', () => {
  it('a typed day after today is not taken, as on the dashboard: the cuadre stays on the day shown', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ ledger, cuentas: (fecha) => cuentasAnswer([BANESCO], { ves: 0, usd: 0 }, { ves: 1000, usd: 0 }, fecha) });
    open();
    const picker = await screen.findByTestId('cuentas-fecha');
    expect(picker.getAttribute('max')).toBe(HOY);
    // 2062 typed for 2026: the server would answer the cuadre 400 "La fecha no puede ser posterior a mañana".
    fireEvent.change(picker, { target: { value: '2062-01-15' } });
    expect(picker).toHaveProperty('value', HOY);
    await user.click(await screen.findByRole('button', { name: 'Cuadrar Banesco' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Saldo real' }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Cuadrar' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toEqual({ fecha: HOY, saldo_real: '1000' });
    expect(sent.some((s) => s.search.includes('2062'))).toBe(false);
  });
});
