import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalancesResponse } from '@arb/shared';
import { addTransaction } from './support/transactions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

/**
 * docs/decisions/0066: the day's answer says whether the day lies in a closed period (liquidación,
 * DESIGN §22), so the dashboard can disable its writes before they meet 409 PERIODO_CERRADO. Closing
 * and reopening bump the ledger's revision: the cached answer (day-answer-cache.ts) follows both,
 * on either profit method (costo_promedio is computed whole).
 */
describe('GET /api/transactions/balances: cerrado', () => {
  let t: TestApp;
  let ana: TestUser;
  let L: string;

  const day = async (fecha: string) => {
    const res = await t.request({ method: 'GET', url: `/api/transactions/balances?ledgerId=${L}&fecha=${fecha}`, token: ana.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as BalancesResponse).cerrado;
  };
  const close = async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/liquidaciones`,
      token: ana.token,
      payload: { desde: '2026-10-01', hasta: '2026-10-10', tasa_final: 300 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { liquidacion: { id: string } }).liquidacion.id;
  };
  const reopen = async (id: string) => {
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/${id}`, token: ana.token });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    L = ana.ledgerId;
    await addTransaction(t, ana, L, '2026-10-05', { venta: 100, tasa_venta: 320, compra: 100, tasa_compra: 310 });
    await addTransaction(t, ana, L, '2026-10-11', { venta: 10, tasa_venta: 320 });
  });
  afterAll(async () => t.close());

  for (const metodo of ['por_operacion', 'costo_promedio'] as const) {
    it(`${metodo}: null before closing, the period on its days once closed, null again once reopened`, async () => {
      const settings = await t.request({
        method: 'PUT',
        url: `/api/ledgers/${L}/settings`,
        token: ana.token,
        payload: { metodo_ganancia: metodo },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      // Read first, so the cached answers exist when the period closes.
      expect(await day('2026-10-05')).toBeNull();
      expect(await day('2026-10-10')).toBeNull();
      const id = await close();
      const period = { desde: '2026-10-01', hasta: '2026-10-10' };
      expect(await day('2026-10-01')).toEqual(period);
      expect(await day('2026-10-05')).toEqual(period);
      expect(await day('2026-10-10')).toEqual(period);
      expect(await day('2026-09-30')).toBeNull();
      expect(await day('2026-10-11')).toBeNull();
      await reopen(id);
      expect(await day('2026-10-05')).toBeNull();
      expect(await day('2026-10-10')).toBeNull();
    });
  }
});
