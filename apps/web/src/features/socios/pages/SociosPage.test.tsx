import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LiquidacionesResponse, LiquidacionResponse } from '@arb/shared';
import { ANA, BETO, LEDGER, openSociosPage as open, wholeText, withAnaSignedIn } from '../testing/harness';

/** Ana owns the ledger, or is a viewer ("Solo lectura") of Beto's. */
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

const socio = (userId: string, user_name: string, over: Partial<LiquidacionResponse['socios'][number]>) => ({
  userId,
  user_name,
  ex_miembro: false,
  capital_inicial_usd: 0,
  aportes_usd: 1000,
  retiros_usd: 0,
  participacion: 0.5,
  resultado_usd: 60,
  capital_final_usd: 1060,
  en_su_poder_usd: 1060,
  diferencia_usd: 0,
  ...over,
});
const PREVIEW: LiquidacionResponse = {
  desde: '2026-11-01',
  hasta: '2026-11-20',
  tasas: { inicial: { tasa: null, fuente: null, fecha: null }, final: { tasa: 39.5, fuente: 'paralelo', fecha: '2026-11-20' } },
  patrimonio_inicial_usd: 0,
  patrimonio_final_usd: 2120,
  aportes_usd: 2000,
  retiros_usd: 0,
  resultado_usd: 120,
  ganancia_realizada_usd: 100,
  comision_operador_usd: 0,
  socios: [
    socio(ANA.id, 'Ana', { en_su_poder_usd: 940, diferencia_usd: -120 }),
    socio(BETO.id, 'Beto', { en_su_poder_usd: 1180, diferencia_usd: 120 }),
  ],
  sin_titular_usd: 0,
  capital_sin_registrar_usd: 0,
  transferencias: [{ de: { id: BETO.id, user_name: 'Beto' }, a: { id: ANA.id, user_name: 'Ana' }, monto_usd: 120, monto_ves: 4740 }],
  ajustes_de_base: [],
  avisos: [],
  cerrado: false,
};
const CERRADAS: LiquidacionesResponse = {
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

function fakeApi(anaOwner: boolean) {
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
        return method === 'DELETE' ? new Response(null, { status: 204 }) : json(201, { liquidacion: CERRADAS.liquidaciones[0] });
      }
      if (url.pathname === '/api/ledgers') return json(200, [ledger(anaOwner)]);
      if (url.pathname === `/api/ledgers/${LEDGER}/liquidaciones`) return json(200, CERRADAS);
      if (url.pathname === `/api/ledgers/${LEDGER}/liquidacion`) return json(200, PREVIEW);
      if (url.pathname === `/api/ledgers/${LEDGER}/movimientos`) return json(200, []);
      if (url.pathname === '/api/rates/paralelo')
        return json(200, {
          promedio: 39.5,
          fechaActualizacion: null,
          fuente: 'paralelo',
          stale: false,
          obtenidoEn: '2026-11-20T12:00:00Z',
        });
      return json(404, { error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

withAnaSignedIn();

describe('/ledger/:ledgerId/socios (docs/product.md#socios-y-liquidacion)', () => {
  it('the owner sees the transfers as sentences, closes the period after a confirmation saying what locks, and may reopen the latest', async () => {
    const sent = fakeApi(true);
    open();
    expect(await screen.findByText(wholeText('Beto transfiere 120,00 USD (4.740,00 Bs) a Ana'), undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('socios-resultado').textContent).toBe('120,00 USD');
    expect(screen.getByRole('button', { name: 'Guardar reparto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar período' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('se bloquean sus días');
    await userEvent.click(screen.getAllByRole('button', { name: 'Cerrar período' }).at(-1)!);
    await screen.findByText('Período cerrado');
    expect(sent).toEqual([
      { method: 'POST', path: `/api/ledgers/${LEDGER}/liquidaciones`, body: { desde: '2026-11-01', hasta: '2026-11-20' } },
    ]);
  });

  it('a final rate far from the parallel one is said under the field and in the closing question (issue 36: a comma lost)', async () => {
    const sent = fakeApi(true);
    open();
    await screen.findByText(wholeText('Beto transfiere 120,00 USD (4.740,00 Bs) a Ana'), undefined, { timeout: 5000 });
    const tasa = screen.getByRole('textbox', { name: 'Tasa final (opcional)' });
    // "39,5" typed without its comma: 395 is 10 times the parallel rate (39,50 Bs).
    await userEvent.type(tasa, '395');
    const warning = '¿Seguro? La tasa final es 10 veces la paralela (39,50 Bs)';
    expect(await screen.findByText(warning)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar período' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(warning);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(sent).toEqual([]);
    // The rate written the Venezuelan way says nothing.
    await userEvent.clear(tasa);
    await userEvent.type(tasa, '39,5');
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('offline, closing a period says it needs the connection and sends nothing', async () => {
    const sent = fakeApi(true);
    open();
    await screen.findByText(wholeText('Beto transfiere 120,00 USD (4.740,00 Bs) a Ana'), undefined, { timeout: 5000 });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      const guardar = screen.getByRole('button', { name: 'Guardar reparto' });
      expect(guardar).toHaveProperty('disabled', true);
      expect(document.getElementById(guardar.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Requiere conexión');
      await userEvent.click(screen.getByRole('button', { name: 'Cerrar período' }));
      const dialog = await screen.findByRole('dialog');
      const confirmar = within(dialog).getByRole('button', { name: 'Cerrar período' });
      expect(confirmar).toHaveProperty('disabled', true);
      expect(document.getElementById(confirmar.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Requiere conexión');
      expect(sent).toEqual([]);
    } finally {
      onLine.mockRestore();
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });

  it('a viewer reads everything and sees no write button', async () => {
    fakeApi(false);
    open();
    expect(await screen.findByText(wholeText('Beto transfiere 120,00 USD (4.740,00 Bs) a Ana'), undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar período' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reabrir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar reparto' })).toBeNull();
  });
});
