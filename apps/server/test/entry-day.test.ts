import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayKey } from '@arb/shared';
import { createTestApp, type TestApp } from './support/test-app.ts';
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

  it('reading a day far ahead is still allowed (an empty day)', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/balances?ledgerId=${u.ledgerId}&fecha=2099-01-01`,
      token: u.token,
    });
    expect(res.statusCode).toBe(200);
  });
});
