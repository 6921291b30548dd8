import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayKey, type CuentaSaldoJson, type CuentasResponse, type MovimientoJson } from '@arb/shared';
import { saveSession } from '../../../shared/lib/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import CuentasPage from './CuentasPage';

/** Editing and archiving accounts, editing and deleting movements (with "Deshacer"), the day's picker. */
const ANA = { id: 'u-ana', email: 'ana@example.com', user_name: 'Ana', role: 'USER', email_verified: true, phone_number: null } as const;
const LEDGER = 'a1b2c3d4-0000-4000-8000-000000000001';
const HOY = todayKey();

function signIn(): void {
  const payload = btoa(JSON.stringify({ sub: ANA.id, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r', user: ANA });
}
const ledger: {
  id: string;
  name: string;
  ownerId: string;
  owner: object;
  members: Array<{ userId: string; canModifyBalance: boolean; user: object }>;
} = {
  id: LEDGER,
  name: 'Caja',
  ownerId: ANA.id,
  owner: { id: ANA.id, user_name: 'Ana', email: ANA.email },
  members: [{ userId: ANA.id, canModifyBalance: true, user: { id: ANA.id, user_name: 'Ana', email: ANA.email } }],
};
const BANESCO: CuentaSaldoJson = {
  id: 'c-banesco',
  ledgerId: LEDGER,
  nombre: 'Banesco',
  moneda: 'VES',
  tipo: 'banco',
  titular: { id: ANA.id, user_name: 'Ana' },
  metodos_binance: [],
  archivada: false,
  version: 4,
  saldo: 1000,
  ultimo_cuadre: null,
  descuadrada: false,
};
const MOV: MovimientoJson = {
  id: 'm-1',
  ledgerId: LEDGER,
  tipo: 'transferencia',
  fecha: HOY,
  ocurrido_en: new Date().toISOString(),
  moneda: 'VES',
  monto: 1000,
  comision: 0,
  cuenta_origen_id: null,
  cuenta_destino_id: BANESCO.id,
  sentido: null,
  miembro: null,
  tasa: null,
  notas: null,
  creadoPor: null,
  version: 2,
  createdAt: new Date().toISOString(),
};

interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** GETs answered from the tables; writes recorded and answered by `writes[METHOD path]` (default 200 {}). */
function fakeApi(writes: Record<string, [number, unknown]> = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const json = (status: number, body: unknown) =>
        new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      sent.push({ method, path: url.pathname, search: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method !== 'GET') {
        const [status, body] = writes[`${method} ${url.pathname}`] ?? [200, {}];
        return json(status, body);
      }
      if (url.pathname === '/api/ledgers') return json(200, [ledger]);
      if (url.pathname === `/api/ledgers/${LEDGER}/cuentas`) {
        const fecha = url.searchParams.get('fecha') ?? HOY;
        const r: CuentasResponse = { fecha, cuentas: [BANESCO], sin_asignar: { ves: 0, usd: 0 }, totales: { ves: 1000, usd: 0 } };
        return json(200, r);
      }
      if (url.pathname === `/api/ledgers/${LEDGER}/movimientos`) return json(200, [MOV]);
      if (url.pathname === `/api/ledgers/${LEDGER}/activity`)
        return json(200, [{ id: 77, action: 'MOVEMENT_DELETED', entityId: MOV.id, fecha: HOY, restoredAt: null, user: { id: ANA.id } }]);
      return json(404, { error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/ledger/${LEDGER}/cuentas`]}>
        <Routes>
          <Route path="/ledger/:ledgerId/cuentas" element={<CuentasPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const writes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

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
