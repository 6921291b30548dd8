import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { periodoCerradoTexto, type BalancesResponse } from '@arb/shared';
import { aTransaction, json, mockFetch, renderWithProviders } from '../test/harness';
import { BalanceSummary } from './BalanceSummary';
import { NewTransactionForm } from './NewTransactionForm';
import { TransactionForm } from './TransactionForm';
import { TransactionList } from './TransactionList';

/**
 * docs/decisions/0066: on a day inside a closed period (the day's answer says `cerrado`), the
 * dashboard's writes into that day are disabled and say why, with the 409's own text, where a
 * screen reader hears it (aria-describedby); and a past day's form offers that day's parallel rate.
 */
const LEDGER = '11111111-1111-4111-8111-111111111111';
const REASON = periodoCerradoTexto('2026-11-01', '2026-11-21');
const permissions = {
  isOwner: true,
  canModifyBalance: true,
  canWrite: true,
  canManageCuentas: true,
  soloLectura: false,
  canChange: () => true,
};
/** The text of the element(s) a control names in aria-describedby. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a day inside a closed period', () => {
  it('the text is the 409 PERIODO_CERRADO one', () => {
    expect(REASON).toBe('Este día pertenece a un período liquidado (01/11/2026 – 21/11/2026)');
  });

  it("the rows' edit, delete and Repetir are disabled and described by the reason; Verificada stays (the lock allows it)", () => {
    mockFetch(() => json(200, {}));
    const onRepeat = vi.fn();
    const tx = aTransaction({ ledgerId: LEDGER });
    renderWithProviders(
      <TransactionList
        ledgerId={LEDGER}
        transactions={[tx]}
        permissions={permissions}
        onError={vi.fn()}
        onRepeat={onRepeat}
        closedReason={REASON}
      />,
    );
    for (const name of ['Editar transacción 1', 'Eliminar transacción 1', 'Repetir transacción 1']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled, name).toBe(true);
      expect(description(button), name).toBe(REASON);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Repetir transacción 1' }));
    expect(onRepeat).not.toHaveBeenCalled();
    expect((screen.getByRole('checkbox', { name: 'Verificada' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('the same rows on an open day keep their buttons', () => {
    mockFetch(() => json(200, {}));
    renderWithProviders(
      <TransactionList ledgerId={LEDGER} transactions={[aTransaction({ ledgerId: LEDGER })]} permissions={permissions} onError={vi.fn()} />,
    );
    expect((screen.getByRole('button', { name: 'Editar transacción 1' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the base tiles cannot be edited and say why', () => {
    const balances = {
      resumen: {
        saldo_disponible_ves: { valor: 0 },
        saldo_disponible_usd: { valor: 0 },
        venta_total: { valor: 0 },
        compra_total: { valor: 0 },
        ganancia_total_ves: { valor: 0 },
        ganancia_total_usd: { valor: 0 },
      },
      promedios: { tasa_venta_promedio: 0, tasa_compra_promedio: 0 },
      saldos_base: { saldo_base_ves: 0, saldo_base_usd: 0, heredado: true, heredado_ves: true, heredado_usd: true },
      saldos_actuales: { saldo_ves_actual: 0, saldo_usd_actual: 0 },
      cerrado: { desde: '2026-11-01', hasta: '2026-11-21' },
      transacciones_con_acumulados: [],
    } satisfies BalancesResponse;
    const onEditBase = vi.fn();
    renderWithProviders(<BalanceSummary balances={balances} canEditBase onEditBase={onEditBase} closedReason={REASON} />);
    const button = screen.getByRole('button', { name: 'Editar saldo base Bs.S' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(description(button)).toBe(REASON);
  });

  it('the new-transaction form is disabled, shows the reason and sends nothing', async () => {
    const calls = mockFetch(() => json(201, { transaction: {} }));
    renderWithProviders(
      <TransactionForm ledgerId={LEDGER} fecha="2026-11-20" onError={vi.fn()} parallelRate={311} closedReason={REASON} />,
    );
    const add = (await screen.findByRole('button', { name: 'Agregar Transacción' })) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(description(add)).toBe(REASON);
    expect(screen.getByText(REASON)).toBeTruthy();
    expect((screen.getByLabelText('Venta (USD)') as HTMLInputElement).closest('fieldset:disabled')).not.toBeNull();
    for (const b of screen.getAllByRole('button', { name: /Usar tasa paralela/ })) expect((b as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(add.closest('form')!);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('"Usar tasa paralela" on a past day', () => {
  const answer = (url: string) =>
    url.startsWith('/api/rates/history')
      ? json(200, { dias: [{ fecha: '2026-11-21', oficial: 245.5, paralelo: 311 }] })
      : url.startsWith('/api/rates/paralelo')
        ? json(200, {
            promedio: 310.5,
            fechaActualizacion: null,
            fuente: 'Binance P2P',
            stale: false,
            obtenidoEn: new Date().toISOString(),
          })
        : url.startsWith('/api/ledgers')
          ? json(200, { cuentas: [] })
          : json(404, {});

  it("offers that day's parallel rate (GET /api/rates/history), not today's live one", async () => {
    const calls = mockFetch((c) => answer(c.url));
    renderWithProviders(<NewTransactionForm ledgerId={LEDGER} fecha="2026-11-21" onError={vi.fn()} askRate />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Usar tasa paralela (311,00 Bs)' }).length).toBeGreaterThan(0));
    expect(calls.map((c) => c.url)).toContain('/api/rates/history?desde=2026-11-21&hasta=2026-11-21');
    expect(calls.some((c) => c.url === '/api/rates/paralelo')).toBe(false);
  });

  it('today keeps the live rate', async () => {
    const { todayKey } = await import('@arb/shared');
    mockFetch((c) => answer(c.url));
    renderWithProviders(<NewTransactionForm ledgerId={LEDGER} fecha={todayKey()} onError={vi.fn()} askRate />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Usar tasa paralela (310,50 Bs)' }).length).toBeGreaterThan(0));
  });
});
