import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayKey, type LiquidacionesResponse, type LiquidacionResponse } from '@arb/shared';
import { ANA, BETO, LEDGER, openSociosPage as open, wholeText, withAnaSignedIn } from '../testing/harness';

/**
 * The socios walk (decision 0065): a period closed through today, then reopened, without a reload;
 * the aportes before the period; the rates line and the final rate's field.
 */
const HOY = todayKey();
const PRIMERO = addDays(HOY, -7);
const MANANA = addDays(HOY, 1);

const LEDGER_JSON = {
  id: LEDGER,
  name: 'Caja',
  ownerId: ANA.id,
  owner: { id: ANA.id, user_name: 'Ana', email: ANA.email },
  metodo_ganancia: 'por_operacion',
  reparto: { metodo: 'capital' },
  members: [
    { userId: ANA.id, canModifyBalance: true, soloLectura: false, user: { id: ANA.id, user_name: 'Ana', email: ANA.email } },
    { userId: BETO.id, canModifyBalance: true, soloLectura: false, user: BETO },
  ],
};

// What the walk saw: a preview whose opening equity is not all capital (16,27 USD).
const preview = (desde: string, hasta: string): LiquidacionResponse => ({
  desde,
  hasta,
  tasas: { inicial: { tasa: 300, fuente: 'paralelo', fecha: desde }, final: { tasa: 310.5, fuente: 'paralelo', fecha: hasta } },
  patrimonio_inicial_usd: 1016.27,
  patrimonio_final_usd: 1016.27,
  aportes_usd: 0,
  retiros_usd: 0,
  resultado_usd: 0,
  ganancia_realizada_usd: 0,
  comision_operador_usd: 0,
  socios: [],
  sin_titular_usd: 0,
  capital_sin_registrar_usd: 16.27,
  transferencias: [],
  ajustes_de_base: [],
  avisos: ['Registra los aportes iniciales o liquida primero los días anteriores'],
  cerrado: false,
});

const ABIERTO: LiquidacionesResponse = { liquidaciones: [], sugerido: { desde: PRIMERO, hasta: HOY }, capitalDesde: PRIMERO };
const CERRADO: LiquidacionesResponse = {
  liquidaciones: [
    {
      id: 'l-1',
      desde: PRIMERO,
      hasta: HOY,
      creadoPor: { id: ANA.id, user_name: 'Ana' },
      createdAt: `${HOY}T12:00:00.000Z`,
      liquidacion: { ...preview(PRIMERO, HOY), cerrado: true },
    },
  ],
  sugerido: { desde: MANANA, hasta: MANANA },
  capitalDesde: PRIMERO,
};
const APORTE = {
  id: 'm-1',
  tipo: 'aporte',
  fecha: PRIMERO,
  moneda: 'VES',
  monto: 1000,
  miembro: { id: ANA.id, user_name: 'Ana' },
};

function fakeApi() {
  let cerradas = ABIERTO;
  const previews: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const q = (k: string) => url.searchParams.get(k) ?? '';
      if (method === 'POST') {
        cerradas = CERRADO;
        return json(201, { liquidacion: CERRADO.liquidaciones[0] });
      }
      if (method === 'DELETE') {
        cerradas = ABIERTO;
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/ledgers') return json(200, [LEDGER_JSON]);
      if (url.pathname === `/api/ledgers/${LEDGER}/liquidaciones`) return json(200, cerradas);
      if (url.pathname === `/api/ledgers/${LEDGER}/liquidacion`) {
        previews.push(`${q('desde')}–${q('hasta')}`);
        const p = preview(q('desde'), q('hasta'));
        return json(200, { ...p, cerrado: cerradas.liquidaciones.some((l) => l.desde === p.desde && l.hasta === p.hasta) });
      }
      // The server's range, inclusive.
      if (url.pathname === `/api/ledgers/${LEDGER}/movimientos`)
        return json(200, q('desde') <= APORTE.fecha && APORTE.fecha <= q('hasta') ? [APORTE] : []);
      if (url.pathname === '/api/rates/paralelo')
        return json(200, { promedio: 310.5, fechaActualizacion: null, fuente: 'paralelo', stale: false, obtenidoEn: `${HOY}T12:00:00Z` });
      return json(404, { error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    }),
  );
  return previews;
}

withAnaSignedIn();

const APORTE_TEXTO = wholeText('Ana · Aportes: 1.000,00 Bs.S');
const fechaDe = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the Socios period through a close and a reopen (decision 0065)', () => {
  it('closing through today warns that today locks, moves on to the next period, keeps the aportes listed, and never offers registering capital twice', async () => {
    const previews = fakeApi();
    open();
    expect(await screen.findByText(APORTE_TEXTO, undefined, { timeout: 5000 })).toBeTruthy();
    expect([fechaDe('Desde'), fechaDe('Hasta')]).toEqual([PRIMERO, HOY]);
    await screen.findByText('Capital sin registrar');
    // Capital is registered from PRIMERO: a registration there would count it twice (409).
    expect(screen.queryByRole('button', { name: 'Registrar capital inicial' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar período' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('El período termina hoy: después de cerrarlo no se podrá registrar nada más con fecha de hoy.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar período' }));
    await screen.findByText('Período cerrado');

    // The closed period stays in view, shown closed.
    await screen.findByText('Este período está cerrado.');
    expect([fechaDe('Desde'), fechaDe('Hasta')]).toEqual([PRIMERO, HOY]);

    // Opened again: the next period, never one overlapping the closed one; its capital came from the aporte before it.
    cleanup();
    open();
    await waitFor(() => expect([fechaDe('Desde'), fechaDe('Hasta')]).toEqual([MANANA, MANANA]), { timeout: 5000 });
    await waitFor(() => expect(previews.at(-1)).toBe(`${MANANA}–${MANANA}`));
    expect(await screen.findByText(APORTE_TEXTO)).toBeTruthy();
    expect(screen.queryByText('Aún no hay aportes ni retiros. Regístralos en Cuentas.')).toBeNull();
    // A period after today cannot be closed (hasta ≤ today).
    expect(screen.queryByRole('button', { name: 'Cerrar período' })).toBeNull();

    // Reopened, without a reload: the default is read again, and still no second registration of capital.
    await userEvent.click(screen.getByRole('button', { name: 'Reabrir' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reabrir' }));
    await screen.findByText('Período reabierto');
    await waitFor(() => expect([fechaDe('Desde'), fechaDe('Hasta')]).toEqual([PRIMERO, HOY]));
    await waitFor(() => expect(previews.at(-1)).toBe(`${PRIMERO}–${HOY}`));
    await screen.findByRole('button', { name: 'Cerrar período' });
    expect(screen.queryByRole('button', { name: 'Registrar capital inicial' })).toBeNull();
  });

  it('each rate stays whole with its words, and the final rate is written es-ES when the field is left', async () => {
    fakeApi();
    open();
    const tasas = await screen.findByTestId('socios-tasas', undefined, { timeout: 5000 });
    expect(Array.from(tasas.querySelectorAll('span')).map((s) => [s.textContent, s.style.whiteSpace])).toEqual([
      ['Tasa inicial 300,00 Bs', 'nowrap'],
      ['· tasa final 310,50 Bs', 'nowrap'],
    ]);
    const tasa = screen.getByRole('textbox', { name: 'Tasa final (opcional)' });
    await userEvent.type(tasa, '310,5');
    await userEvent.tab();
    expect((tasa as HTMLInputElement).value).toBe('310,50');
  });
});
