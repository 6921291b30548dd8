import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { createUser, type TestUser } from './support/users.ts';

const DAY = '2026-11-20';

/** Bad input of any shape is a 400 with a Spanish message, never a 500 (docs/api.md). */
describe('transaction validation', () => {
  let t: TestApp;
  let u: TestUser;
  let txId: string;
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t);
    txId = (await addTransaction(t, u, u.ledgerId, DAY, { venta: 1, tasa_venta: 40 })).id;
  });
  afterAll(async () => t.close());

  const create = (payload: unknown) => t.request({ method: 'POST', url: '/api/transactions', token: u.token, payload: payload as object });
  const base = () => ({ ledgerId: u.ledgerId, fecha: DAY });

  it.each([
    ['no amount', {}, 'Debe proporcionar al menos un monto de venta o compra'],
    ['sale without rate', { venta: 10 }, 'Si proporciona venta, debe proporcionar tasa de venta'],
    ['purchase without rate', { compra: 10, tasa_compra: '' }, 'Si proporciona compra, debe proporcionar tasa de compra'],
    ['3-decimal amount', { venta: '1.005', tasa_venta: 40 }, 'El monto debe ser un número no negativo con hasta 2 decimales'],
    ['5-decimal rate', { venta: 1, tasa_venta: '40.12345' }, 'La tasa debe ser un número mayor que 0 con hasta 4 decimales'],
    ['negative amount', { venta: -1, tasa_venta: 40 }, 'El monto debe ser un número no negativo con hasta 2 decimales'],
    ['amount 1e12 + 1', { venta: 1e12 + 1, tasa_venta: 40 }, 'El valor es demasiado grande'],
    ['rate 1e12 + 1 as text', { venta: 1, tasa_venta: '1000000000001' }, 'El valor es demasiado grande'],
    ['amount as a boolean', { venta: true, tasa_venta: 40 }, 'El monto debe ser un número no negativo con hasta 2 decimales'],
    ['amount as an object', { venta: { $gt: 1 }, tasa_venta: 40 }, 'El monto debe ser un número no negativo con hasta 2 decimales'],
    ['amount in exponent text', { venta: '1e3', tasa_venta: 40 }, 'El monto debe ser un número no negativo con hasta 2 decimales'],
    ['notes as a number', { venta: 1, tasa_venta: 40, notas: 5 }, 'Datos inválidos'],
    ['notes too long', { venta: 1, tasa_venta: 40, notas: 'x'.repeat(1001) }, 'Las notas no pueden superar los 1000 caracteres'],
    // Issue 36: figures above ~9 × 10^13 lose cents as JSON numbers; a row's figures stay ≤ 10^12.
    [
      'a sale worth more than 10^12 Bs (10^9 USD at 1.000,0001)',
      { venta: 1e9, tasa_venta: '1000.0001' },
      'Operación demasiado grande: monto × tasa y la ganancia no pueden pasar de 1.000.000.000.000',
    ],
    [
      'a purchase of 10^12 USD at 10^12 Bs (each within its own limit)',
      { compra: 1e12, tasa_compra: 1e12 },
      'Operación demasiado grande: monto × tasa y la ganancia no pueden pasar de 1.000.000.000.000',
    ],
  ])('create: %s → 400', async (_name, fields, message) => {
    const res = await create({ ...base(), ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it.each([
    ['a bad date', { fecha: '2026-13-01', venta: 1, tasa_venta: 40 }],
    ['no date', { fecha: undefined, venta: 1, tasa_venta: 40 }],
    ['a date as a number', { fecha: 20261120, venta: 1, tasa_venta: 40 }],
    ['a bad ledgerId', { ledgerId: 'abc', venta: 1, tasa_venta: 40 }],
    ['a ledgerId as a number', { ledgerId: 7, venta: 1, tasa_venta: 40 }],
  ])('create with %s → 400', async (_name, fields) => {
    const res = await create({ ...base(), ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a string', '"hola"'],
    ['broken JSON', '{"venta": '],
  ])('a body that is %s → 400', async (_name, raw) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: u.token,
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('a row at the largest size answers every figure exact to the cent (issue 36)', async () => {
    // 333.333.333,33 × 2.999,9999 = 999.999.966.656,666666667 Bs → 999.999.966.656,67 (half-up)
    const row = await addTransaction(t, u, u.ledgerId, '2026-11-21', { venta: '333333333.33', tasa_venta: '2999.9999' });
    expect(String(row.bs_recibidos)).toBe('999999966656.67');
    expect(String(row.ganancia_transaccion_ves)).toBe('999999966656.67');
    // The profit of a one-sided sale is the sale itself in USD.
    expect(String(row.ganancia_transaccion_usd)).toBe('333333333.33');
    const over = await t.request({
      method: 'PUT',
      url: `/api/transactions/${row.id}`,
      token: u.token,
      payload: { fecha: '2026-11-21', venta: '333333333.34', tasa_venta: '3000', compra: 0, tasa_compra: 0 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringMatching(/^Operación demasiado grande/) });
  });

  it.each([
    ['3-decimal amount', { venta: '2.001', tasa_venta: 40, fecha: DAY }, 400],
    ['wrong version type', { venta: 2, tasa_venta: 40, fecha: DAY, version: 'x' }, 400],
    ['version 0', { venta: 2, tasa_venta: 40, fecha: DAY, version: 0 }, 400],
    ['no amount', { fecha: DAY }, 400],
  ])('edit: %s → %i', async (_name, payload, status) => {
    const res = await t.request({ method: 'PUT', url: `/api/transactions/${txId}`, token: u.token, payload });
    expect(res.statusCode).toBe(status);
  });

  it('edit/verify/delete with a malformed id → 400, with an unknown id → 404', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/transactions/not-a-uuid', token: u.token })).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${unknown}`, token: u.token })).statusCode).toBe(404);
    const put = await t.request({
      method: 'PUT',
      url: `/api/transactions/${unknown}`,
      token: u.token,
      payload: { venta: 1, tasa_venta: 40, fecha: DAY },
    });
    expect(put.statusCode).toBe(404);
  });

  it.each([
    ['a string', { esta_verificada: 'true' }],
    ['missing', {}],
    ['null', { esta_verificada: null }],
  ])('toggle-verify with %s → 400', async (_name, payload) => {
    const res = await t.request({ method: 'PATCH', url: `/api/transactions/${txId}/toggle-verify`, token: u.token, payload });
    expect(res.statusCode).toBe(400);
  });
});
