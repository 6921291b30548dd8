import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovimientoJson } from '@arb/shared';
import { addCuenta, addMovimiento, cuentasAt } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * GET …/movimientos?cuentaId (docs/api.md#cuentas, decision 0060): one account's movements of a
 * span, each with that account's balance at the end of its day; another ledger's account is 404.
 */
describe('movements of one account (docs/product.md#cuentas-y-movimientos)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const list = async (u: TestUser, ledgerId: string, query: string) =>
    t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/movimientos?${query}`, token: u.token });
  const JUNIO = 'desde=2026-06-01&hasta=2026-06-30';

  it('lists only the account’s movements of the month, each with its closing balance that day (trading flows included)', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const L = ana.ledgerId;
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    const mercantil = await addCuenta(t, ana, L, { nombre: 'Mercantil', moneda: 'VES' });
    const binance = await addCuenta(t, ana, L, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });
    // May: 2.000 into Banesco (before the span: in the balance, not in the list).
    await addMovimiento(t, ana, L, {
      tipo: 'transferencia',
      fecha: '2026-05-20',
      moneda: 'VES',
      monto: '2000',
      cuenta_destino_id: banesco.id,
    });
    const m1 = await addMovimiento(t, ana, L, {
      tipo: 'transferencia',
      fecha: '2026-06-02',
      moneda: 'VES',
      monto: '6000',
      cuenta_destino_id: banesco.id,
    });
    // A sale the same day brings 100 × 40,50 = 4.050 Bs into Banesco: not a movement, but in its balance.
    await addTransaction(t, ana, L, '2026-06-02', { venta: 100, tasa_venta: '40.50', cuenta_ves_id: banesco.id } as never);
    const m2 = await addMovimiento(t, ana, L, {
      tipo: 'transferencia',
      fecha: '2026-06-05',
      moneda: 'VES',
      monto: '500',
      comision: '1.50',
      cuenta_origen_id: banesco.id,
      cuenta_destino_id: mercantil.id,
    });
    const otra = await addMovimiento(t, ana, L, {
      tipo: 'aporte',
      fecha: '2026-06-05',
      moneda: 'USD',
      monto: '100',
      cuenta_destino_id: binance.id,
    });
    const m3 = await addMovimiento(t, ana, L, {
      tipo: 'ajuste',
      fecha: '2026-06-20',
      moneda: 'VES',
      monto: '10',
      cuenta_origen_id: banesco.id,
      notas: 'faltante',
    });
    // July: after the span.
    await addMovimiento(t, ana, L, { tipo: 'transferencia', fecha: '2026-07-01', moneda: 'VES', monto: '7', cuenta_origen_id: banesco.id });

    const res = await list(ana, L, `${JUNIO}&cuentaId=${banesco.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const movs = res.json() as MovimientoJson[];
    // Banesco: 2.000 (May) + 6.000 + 4.050 = 12.050 on the 2nd; − 500 − 1,50 = 11.548,50 on the 5th; − 10 = 11.538,50 on the 20th.
    expect(movs.map((m) => [m.id, m.fecha, m.saldo_cuenta])).toEqual([
      [m1.id, '2026-06-02', 12050],
      [m2.id, '2026-06-05', 11548.5],
      [m3.id, '2026-06-20', 11538.5],
    ]);
    // The last figure is the account's balance that day on the accounts' list.
    expect((await cuentasAt(t, ana, L, '2026-06-20')).cuentas.find((c) => c.id === banesco.id)?.saldo).toBe(11538.5);

    // Mercantil sees the same transfer from its side; Binance only its aporte.
    const merc = (await list(ana, L, `${JUNIO}&cuentaId=${mercantil.id}`)).json() as MovimientoJson[];
    expect(merc.map((m) => [m.id, m.saldo_cuenta])).toEqual([[m2.id, 500]]);
    const bin = (await list(ana, L, `${JUNIO}&cuentaId=${binance.id}`)).json() as MovimientoJson[];
    expect(bin.map((m) => [m.id, m.saldo_cuenta])).toEqual([[otra.id, 100]]);

    // Without the filter: every movement of the span, and no saldo_cuenta key.
    const todas = (await list(ana, L, JUNIO)).json() as MovimientoJson[];
    expect(todas.map((m) => m.id)).toEqual([m1.id, m2.id, otra.id, m3.id]);
    expect(todas.every((m) => !('saldo_cuenta' in m))).toBe(true);
  });

  it('an account with no movements in the span answers an empty list; a member without the balance permission reads it', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const bea = await createUser(t, { name: 'Bea' });
    await addMember(t, ana.ledgerId, bea.id, false);
    const zelle = await addCuenta(t, ana, ana.ledgerId, { nombre: 'Zelle', moneda: 'USD', tipo: 'zelle' });
    await addMovimiento(t, ana, ana.ledgerId, {
      tipo: 'aporte',
      fecha: '2026-05-31',
      moneda: 'USD',
      monto: '50',
      cuenta_destino_id: zelle.id,
    });
    const res = await list(bea, ana.ledgerId, `${JUNIO}&cuentaId=${zelle.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('default deny: another ledger’s account or an unknown one is 404, a malformed id 400, an outsider 404', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const beto = await createUser(t, { name: 'Beto' });
    const deBeto = await addCuenta(t, beto, beto.ledgerId, { nombre: 'Banesco Beto', moneda: 'VES' });
    await addMovimiento(t, beto, beto.ledgerId, {
      tipo: 'transferencia',
      fecha: '2026-06-03',
      moneda: 'VES',
      monto: '900',
      cuenta_destino_id: deBeto.id,
    });

    // Ana names Beto's account in her own ledger: 404, nothing of Beto's leaks (not even "no movements").
    const ajena = await list(ana, ana.ledgerId, `${JUNIO}&cuentaId=${deBeto.id}`);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ error: 'Cuenta no encontrada', code: 'NOT_FOUND' });
    const inexistente = await list(ana, ana.ledgerId, `${JUNIO}&cuentaId=00000000-0000-4000-8000-000000000000`);
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json().code).toBe('NOT_FOUND');
    const malformada = await list(ana, ana.ledgerId, `${JUNIO}&cuentaId=banesco`);
    expect(malformada.statusCode).toBe(400);
    // Ana asks Beto's ledger for Beto's account: she is not a member, so the ledger itself is not found.
    const fuera = await list(ana, beto.ledgerId, `${JUNIO}&cuentaId=${deBeto.id}`);
    expect(fuera.statusCode).toBe(404);
    expect(fuera.json()).toEqual({ error: 'Registro no encontrado', code: 'NOT_FOUND' });
  });
});
