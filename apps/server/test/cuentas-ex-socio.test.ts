import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type LiquidacionResponse } from '@arb/shared';
import { addCuenta, addMovimiento, cuentasAt } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * A former partner (DESIGN §28 "Former partners", docs/product.md#socios-y-liquidacion): someone
 * who left keeps their capital and may be the `miembro` of a retiro — the way their money is paid
 * out. Before, a retiro naming them was 400 "El socio debe ser un miembro del registro", so a
 * partner who left could never be settled.
 */
describe('a former partner’s retiro', () => {
  let t: TestApp;
  let ana: TestUser; // owner
  let beto: TestUser; // leaves with capital
  let stranger: TestUser; // never in the ledger
  let L: string;
  let caja: string;
  const fecha = '2026-05-04';

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
    stranger = await createUser(t, { name: 'Otro' });
    L = ana.ledgerId;
    await addMember(t, L, beto.id);
    caja = (await addCuenta(t, ana, L, { nombre: 'Caja USD', moneda: 'USD', tipo: 'efectivo' })).id;
    await addMovimiento(t, ana, L, { tipo: 'aporte', fecha, moneda: 'USD', monto: '100', cuenta_destino_id: caja, miembroId: beto.id });
    const left = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/leave`, token: beto.token });
    expect(left.statusCode, left.body).toBe(204);
  });
  afterAll(async () => t?.close());

  const post = (payload: object) => t.request({ method: 'POST', url: `/api/ledgers/${L}/movimientos`, token: ana.token, payload });

  it('the owner pays a partner who left his capital back: a retiro naming him is accepted', async () => {
    const res = await post({ tipo: 'retiro', fecha, moneda: 'USD', monto: '100', cuenta_origen_id: caja, miembroId: beto.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ movimiento: { tipo: 'retiro', miembro: { id: beto.id, user_name: 'Beto' } } });
    expect((await cuentasAt(t, ana, L, fecha)).cuentas.find((c) => c.id === caja)?.saldo).toBe(0);

    // The settlement lists him as a former partner whose capital went back to him.
    const prev = await t.request({ method: 'GET', url: `/api/ledgers/${L}/liquidacion?desde=${fecha}&hasta=${fecha}`, token: ana.token });
    expect(prev.statusCode, prev.body).toBe(200);
    const socio = (prev.json() as LiquidacionResponse).socios.find((s) => s.userId === beto.id);
    expect(socio).toMatchObject({ ex_miembro: true, aportes_usd: 100, retiros_usd: 100, capital_final_usd: 0 });
  });

  it('still refused: an aporte for someone who left, and a retiro for someone who never was a partner', async () => {
    for (const payload of [
      { tipo: 'aporte', fecha, moneda: 'USD', monto: '5', cuenta_destino_id: caja, miembroId: beto.id },
      { tipo: 'retiro', fecha, moneda: 'USD', monto: '5', cuenta_origen_id: caja, miembroId: stranger.id },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { miembroId: messages.movMiembroInvalido } });
    }
  });
});
