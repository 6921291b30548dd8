import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LiquidacionesResponse, LiquidacionResponse } from '@arb/shared';
import { ANA, BETO, LEDGER, openSociosPage as open, wholeText, withAnaSignedIn } from '../testing/harness';

/** "Registrar capital inicial" on the Socios page (DESIGN §28 "Existing ledgers", decision 0056). */

const ledger = (anaOwner: boolean) => ({
  id: LEDGER,
  name: 'Caja',
  ownerId: anaOwner ? ANA.id : BETO.id,
  owner: anaOwner ? { id: ANA.id, user_name: 'Ana', email: ANA.email } : BETO,
  metodo_ganancia: 'por_operacion',
  reparto: { metodo: 'capital' },
  members: [
    { userId: ANA.id, canModifyBalance: false, soloLectura: !anaOwner, user: { id: ANA.id, user_name: 'Ana', email: ANA.email } },
    { userId: BETO.id, canModifyBalance: true, soloLectura: false, user: BETO },
  ],
});

// An old ledger: 1,000 USD of equity and no capital behind it.
const PREVIEW: LiquidacionResponse = {
  desde: '2026-11-01',
  hasta: '2026-11-20',
  tasas: { inicial: { tasa: 40, fuente: 'paralelo', fecha: '2026-10-31' }, final: { tasa: 40, fuente: 'paralelo', fecha: '2026-11-20' } },
  patrimonio_inicial_usd: 1000,
  patrimonio_final_usd: 1000,
  aportes_usd: 0,
  retiros_usd: 0,
  resultado_usd: 0,
  ganancia_realizada_usd: 0,
  comision_operador_usd: 0,
  socios: [],
  sin_titular_usd: 1000,
  capital_sin_registrar_usd: 1000,
  transferencias: [],
  ajustes_de_base: [],
  avisos: ['Registra los aportes iniciales o liquida primero los días anteriores'],
  cerrado: false,
};
const NINGUNA: LiquidacionesResponse = { liquidaciones: [], sugerido: { desde: '2026-11-01', hasta: '2026-11-20' }, capitalDesde: null };
const UNA: LiquidacionesResponse = {
  liquidaciones: [
    {
      id: 'l-1',
      desde: '2026-10-01',
      hasta: '2026-10-31',
      creadoPor: { id: ANA.id, user_name: 'Ana' },
      createdAt: '2026-11-01T00:00:00.000Z',
      liquidacion: { ...PREVIEW, desde: '2026-10-01', hasta: '2026-10-31', cerrado: true },
    },
  ],
  sugerido: { desde: '2026-11-01', hasta: '2026-11-20' },
  capitalDesde: null,
};

function fakeApi(anaOwner: boolean, cerradas: LiquidacionesResponse, apertura = { ves: 8000.01, usd: 800 }) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (method !== 'GET') {
        sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.pathname.endsWith('/restore')) return json(200, { restored: 0 });
        return json(201, { fecha: '2026-11-01', ...apertura });
      }
      // The activity log "Deshacer" reads to find the registration (docs/product.md#undo).
      if (url.pathname === `/api/ledgers/${LEDGER}/activity`)
        return json(200, [
          { id: 7, action: 'CAPITAL_INICIAL_REGISTRADO', entityId: null, fecha: '2026-11-01', restoredAt: null, user: { id: ANA.id } },
        ]);
      if (url.pathname === '/api/ledgers') return json(200, [ledger(anaOwner)]);
      if (url.pathname === `/api/ledgers/${LEDGER}/liquidaciones`) return json(200, cerradas);
      if (url.pathname === `/api/ledgers/${LEDGER}/liquidacion`) return json(200, PREVIEW);
      if (url.pathname === `/api/ledgers/${LEDGER}/movimientos`) return json(200, []);
      if (url.pathname === `/api/ledgers/${LEDGER}/socios/capital-inicial`)
        return json(200, { fecha: url.searchParams.get('fecha'), ...apertura });
      return json(404, { error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

withAnaSignedIn();

describe('Socios: Registrar capital inicial', () => {
  it('the owner splits the opening evenly, edits it, sees what remains and registers once it adds up', async () => {
    const sent = fakeApi(true, NINGUNA);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar capital inicial' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(wholeText('Saldo de apertura: 8.000,01 Bs · 800,00 USD'))).toBeTruthy();
    // 8,000.01 Bs ÷ 2 = 4,000.00 + 1 cent → Ana (first); 800 ÷ 2 = 400 each.
    const anaVes = within(dialog).getByLabelText<HTMLInputElement>('Ana · Bs');
    const anaUsd = within(dialog).getByLabelText<HTMLInputElement>('Ana · USD');
    const betoUsd = within(dialog).getByLabelText<HTMLInputElement>('Beto · USD');
    expect(anaVes.value).toBe('4.000,01');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Beto · Bs').value).toBe('4.000,00');
    expect(anaUsd.value).toBe('400,00');
    expect(within(dialog).getByRole('status').textContent).toBe('Falta asignar: 0,00 Bs · 0,00 USD');
    // Ana 300 USD: 100 USD left to assign, and the button waits.
    await userEvent.clear(anaUsd);
    await userEvent.type(anaUsd, '300');
    expect(within(dialog).getByRole('status').textContent).toBe('Falta asignar: 0,00 Bs · 100,00 USD');
    const registrar = within(dialog).getByRole('button', { name: 'Registrar' });
    expect((registrar as HTMLButtonElement).disabled).toBe(true);
    // Why it waits is the line it names (issue 36: a disabled button's reason, heard and seen on touch).
    expect(document.getElementById(registrar.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Falta asignar: 0,00 Bs · 100,00 USD',
    );
    await userEvent.clear(betoUsd);
    await userEvent.type(betoUsd, '500');
    expect(within(dialog).getByRole('status').textContent).toBe('Falta asignar: 0,00 Bs · 0,00 USD');
    await userEvent.click(registrar);
    await screen.findByText('Capital inicial registrado');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/api/ledgers/${LEDGER}/socios/capital-inicial`,
        body: {
          fecha: '2026-11-01',
          aportes: [
            { userId: ANA.id, ves: '4000.01', usd: '300' },
            { userId: BETO.id, ves: '4000', usd: '500' },
          ],
        },
      },
    ]);
  });

  it('a balance below zero is split in negative shares (decision 0059), and "Deshacer" undoes the registration', async () => {
    // A debt of 1.000 Bs and 1.025 USD: the dialog says how a negative balance is registered.
    const sent = fakeApi(true, NINGUNA, { ves: -1000, usd: 1025 });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar capital inicial' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(wholeText('Saldo de apertura: -1.000,00 Bs · 1.025,00 USD'))).toBeTruthy();
    expect(within(dialog).getByText(/Un saldo negativo \(una deuda\) se reparte con montos negativos/)).toBeTruthy();
    // Evenly: −500 Bs each; Ana takes the whole debt instead, typed with a minus sign.
    const anaVes = within(dialog).getByLabelText<HTMLInputElement>('Ana · Bs');
    const betoVes = within(dialog).getByLabelText<HTMLInputElement>('Beto · Bs');
    expect(anaVes.value).toBe('-500,00');
    await userEvent.clear(anaVes);
    await userEvent.type(anaVes, '-1000');
    await userEvent.tab();
    expect(anaVes.value).toBe('-1.000,00');
    expect(within(dialog).getByRole('status').textContent).toBe('Falta asignar: 500,00 Bs · 0,00 USD');
    await userEvent.clear(betoVes);
    expect(within(dialog).getByRole('status').textContent).toBe('Falta asignar: 0,00 Bs · 0,00 USD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await screen.findByText('Capital inicial registrado');
    expect(sent[0]?.body).toEqual({
      fecha: '2026-11-01',
      aportes: [
        { userId: ANA.id, ves: '-1000', usd: '512.5' },
        { userId: BETO.id, ves: '0', usd: '512.5' },
      ],
    });
    // "Deshacer" in the snackbar restores the registration's activity entry.
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    await screen.findByText('Registro del capital inicial deshecho');
    expect(sent[1]).toEqual({ method: 'POST', path: `/api/ledgers/${LEDGER}/activity/7/restore`, body: undefined });
  });

  it('not offered to a viewer, nor once a period is closed', async () => {
    fakeApi(false, NINGUNA);
    open();
    expect(
      await screen.findByText('Registra los aportes iniciales o liquida primero los días anteriores', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar capital inicial' })).toBeNull();
    cleanup();
    fakeApi(true, UNA);
    open();
    expect(await screen.findByRole('button', { name: 'Cerrar período' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar capital inicial' })).toBeNull();
  });
});
