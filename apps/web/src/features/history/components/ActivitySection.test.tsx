import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@arb/shared';
import type { ActivityEntry } from '../api/types';
import { fakeApi, signIn } from '../testing/fake-api';
import { renderAt } from '../testing/render';
import { ActivitySection } from './ActivitySection';

const LEDGER = 'L1';
const PATH = `/api/ledgers/${LEDGER}/activity`;
const tx = {
  fecha: '2026-11-21',
  venta: 100,
  tasa_venta: 40,
  compra: 0,
  tasa_compra: 0,
  notas: null,
  esta_verificada: false,
  ganancia_usd: 100,
};
const ana = { id: 'u1', user_name: 'Ana' };
const beto = { id: 'u2', user_name: 'Beto' };
const at = (id: number) => `2026-11-21T1${id}:05:00.000Z`;

/** The log, newest first (ids descending), as the server keeps it. */
const log: ActivityEntry[] = [
  {
    id: 5,
    action: 'TRANSACTION_DELETED',
    entityId: 't1',
    fecha: '2026-11-21',
    before: { ...tx, venta: 120 },
    after: null,
    createdAt: at(5),
    restoredAt: null,
    user: ana,
  },
  {
    id: 4,
    action: 'TRANSACTION_VERIFIED',
    entityId: 't1',
    fecha: '2026-11-21',
    before: { esta_verificada: false },
    after: { esta_verificada: true },
    createdAt: at(4),
    restoredAt: null,
    user: beto,
  },
  {
    id: 3,
    action: 'TRANSACTION_UPDATED',
    entityId: 't1',
    fecha: '2026-11-21',
    before: tx,
    after: { ...tx, venta: 120 },
    createdAt: at(3),
    restoredAt: null,
    user: ana,
  },
  {
    id: 2,
    action: 'TRANSACTION_CREATED',
    entityId: 't1',
    fecha: '2026-11-21',
    before: null,
    after: tx,
    createdAt: at(2),
    restoredAt: null,
    user: beto,
  },
];

/** Answers like the server: entries older than `before`, at most `limit`. */
function serve(url: URL) {
  const before = Number(url.searchParams.get('before') ?? Infinity);
  const limit = Number(url.searchParams.get('limit'));
  return { status: 200, body: log.filter((e) => e.id < before).slice(0, limit) };
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.clear();
  signIn();
  api = fakeApi({ [PATH]: serve });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = () => within(screen.getByTestId('activity-list')).getAllByRole('listitem');

describe("'Actividad'", () => {
  it('says who did what and when, newest first, and pages with Cargar más', async () => {
    renderAt(<ActivitySection ledgerId={LEDGER} metodo="por_operacion" pageSize={2} />, '/');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]!.textContent).toContain(
      'Ana eliminó una transacción del 21/11/2026: venta 120,00, tasa venta 40,00 Bs, ganancia 100,00 USD',
    );
    expect(items()[0]!.textContent).toContain(formatDateTime(at(5))!);
    expect(items()[1]!.textContent).toContain('Beto marcó como verificada una transacción del 21/11/2026');

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items()[2]!.textContent).toContain('Ana editó una transacción del 21/11/2026: venta 100,00 → 120,00');
    expect(items()[3]!.textContent).toContain('Beto creó una transacción del 21/11/2026: venta 100,00');
    // The second page asked for what is older than the last entry shown.
    const pages = api.calls(PATH);
    expect(pages.map((u) => u.searchParams.get('before'))).toEqual([null, '4']);
    expect(pages.every((u) => u.searchParams.get('limit') === '2')).toBe(true);

    // A full page could have more behind it; the third (empty) answer ends the list.
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull());
    expect(items()).toHaveLength(4);
  });

  it('a short first page has no Cargar más', async () => {
    renderAt(<ActivitySection ledgerId={LEDGER} metodo="por_operacion" pageSize={10} />, '/');
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('an empty log says so', async () => {
    api = fakeApi({ [PATH]: { status: 200, body: [] } });
    renderAt(<ActivitySection ledgerId={LEDGER} metodo="por_operacion" />, '/');
    expect(await screen.findByText('Todavía no hay actividad en este registro')).toBeTruthy();
  });

  it("offers 'Restaurar' on the viewer's own delete of the last 30 days; restoring reloads the log", async () => {
    // A delete by Ana (the viewer) made just now, a reset by Beto: Ana is not the owner, so only her delete.
    const fresh = new Date().toISOString();
    const entries: ActivityEntry[] = [
      { ...log[0]!, id: 7, createdAt: fresh, restoredAt: null },
      {
        id: 6,
        action: 'LEDGER_DAY_RESET',
        entityId: null,
        fecha: '2026-11-21',
        before: { transactions: [] },
        after: null,
        createdAt: fresh,
        restoredAt: null,
        user: beto,
      },
    ];
    let restored = false;
    api = fakeApi({
      [PATH]: () => ({ status: 200, body: restored ? [{ ...entries[0]!, restoredAt: fresh }, entries[1]] : entries }),
      [`${PATH}/7/restore`]: () => {
        restored = true;
        return { status: 200, body: { restored: 1 } };
      },
    });
    renderAt(<ActivitySection ledgerId={LEDGER} metodo="por_operacion" viewer={{ userId: ana.id, isOwner: false }} />, '/');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(items()[1]!).queryByRole('button', { name: 'Restaurar' })).toBeNull();
    await userEvent.click(within(items()[0]!).getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('Cambio deshecho')).toBeTruthy();
    await waitFor(() => expect(within(items()[0]!).getByText('Restaurado')).toBeTruthy());
    expect(within(items()[0]!).queryByRole('button', { name: 'Restaurar' })).toBeNull();
    expect(api.calls(`${PATH}/7/restore`)).toHaveLength(1);
  });
});
