import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayKey } from '@arb/shared';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { addTransaction } from './support/transactions.ts';
import { createUser, type TestUser } from './support/users.ts';

/**
 * Issue 36: a transaction dated 2099 was accepted. What is written into a ledger is dated no later
 * than tomorrow (entryDayKeySchema, packages/shared/src/schemas/common.ts); reads take any day.
 */
describe('the day of what is written into a ledger', () => {
  let t: TestApp;
  let u: TestUser;
  let txId: string;
  const today = todayKey('America/Caracas');
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t);
    txId = (await addTransaction(t, u, u.ledgerId, today, { venta: 1, tasa_venta: 40 })).id;
  });
  afterAll(async () => t.close());

  const refused = { error: 'La fecha no puede ser posterior a mañana', code: 'VALIDATION_ERROR' };

  it('a transaction dated 2099 is a 400 in Spanish; one dated tomorrow in Caracas is taken', async () => {
    const far = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: u.token,
      payload: { ledgerId: u.ledgerId, fecha: '2099-01-01', venta: 1, tasa_venta: 40 },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject(refused);
    const tomorrow = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: u.token,
      payload: { ledgerId: u.ledgerId, fecha: addDays(today, 1), venta: 1, tasa_venta: 40 },
    });
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
  });

  it('moving a transaction to 2099 is a 400, and it stays on its day', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/transactions/${txId}`,
      token: u.token,
      payload: { fecha: '2099-01-01', venta: 1, tasa_venta: 40 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refused);
    const day = await t.request({ method: 'GET', url: `/api/transactions/balances?ledgerId=${u.ledgerId}&fecha=${today}`, token: u.token });
    expect(JSON.stringify(day.json())).toContain(txId);
  });

  it('a base balance dated 2099 is a 400', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/daily-balances/${u.ledgerId}`,
      token: u.token,
      payload: { fecha: '2099-01-01', saldo_base_ves: 1000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refused);
  });

  // The same slip on the Cuentas page: a movement typed 2062 for 2026 vanished from the month and
  // blocked archiving its account ("flows dated later") until found; a cuadre of a day to come
  // confirmed a balance no bank has shown yet.
  it('a movement, a cuadre or a capital registration dated 2099 is a 400; moving a movement there too', async () => {
    const cuenta = await addCuenta(t, u, u.ledgerId, { nombre: 'Banesco', moneda: 'VES' });
    const mov = await addMovimiento(t, u, u.ledgerId, {
      tipo: 'transferencia',
      fecha: today,
      moneda: 'VES',
      monto: '10',
      cuenta_destino_id: cuenta.id,
    });
    const far = { tipo: 'transferencia', fecha: '2099-01-01', moneda: 'VES', monto: '10', cuenta_destino_id: cuenta.id };
    const writes = [
      { method: 'POST' as const, url: `/api/ledgers/${u.ledgerId}/movimientos`, payload: far },
      { method: 'PUT' as const, url: `/api/ledgers/${u.ledgerId}/movimientos/${mov.id}`, payload: far },
      {
        method: 'POST' as const,
        url: `/api/ledgers/${u.ledgerId}/cuentas/${cuenta.id}/cuadres`,
        payload: { fecha: '2099-01-01', saldo_real: '10' },
      },
      {
        method: 'POST' as const,
        url: `/api/ledgers/${u.ledgerId}/socios/capital-inicial`,
        payload: { fecha: '2099-01-01', aportes: [{ userId: u.id, ves: '0', usd: '10' }] },
      },
    ];
    for (const w of writes) {
      const res = await t.request({ ...w, token: u.token });
      expect(res.statusCode, `${w.method} ${w.url} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject(refused);
    }
    // Tomorrow is still taken (UTC+14), and the movement stayed on its day.
    await addMovimiento(t, u, u.ledgerId, { ...far, fecha: addDays(today, 1) });
    const list = await t.request({
      method: 'GET',
      url: `/api/ledgers/${u.ledgerId}/movimientos?desde=${today}&hasta=${today}`,
      token: u.token,
    });
    expect((list.json() as { id: string }[]).map((m) => m.id)).toEqual([mov.id]);
  });

  it('reading a day far ahead is still allowed (an empty day)', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/balances?ledgerId=${u.ledgerId}&fecha=2099-01-01`,
      token: u.token,
    });
    expect(res.statusCode).toBe(200);
  });
});
