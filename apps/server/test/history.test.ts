import { addDays } from '@arb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

// hasta = Wednesday 2026-11-18 (mid-month, so hasta−14 = 2026-11-04 is still in November)
const HASTA = '2026-11-18';

describe('history: /dates and /history-summary', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t);
    // One sale per day; a sale of V alone earns +V USD, so each day's profit is its amount.
    const sale = (fecha: string, venta: number) => addTransaction(t, u, u.ledgerId, fecha, { venta, tasa_venta: 40 });
    await sale(HASTA, 1); // in 7, 14, month
    await sale(HASTA, 2); // in 7, 14, month (second on the same day)
    await sale(addDays(HASTA, -6), 4); // 2026-11-12: in 7, 14, month
    await sale(addDays(HASTA, -7), 8); // 2026-11-11: in 14, month
    await sale(addDays(HASTA, -13), 16); // 2026-11-05: in 14, month
    await sale(addDays(HASTA, -14), 32); // 2026-11-04: month only
    await sale('2026-11-01', 64); // first of the month: month only
    await sale('2026-10-31', 128); // the month before: total only
    await sale('2026-11-25', 256); // later in the month, after hasta: month only (the total closes at hasta)
  });
  afterAll(async () => t.close());

  it('summary windows: counts and USD profit per window', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${u.ledgerId}&hasta=${HASTA}`,
      token: u.token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 7 days (11-12 … 11-18): 1 + 2 + 4 = 7, 3 transactions
    expect(body.resumen_7dias).toEqual({ ganancia_total: 7, transacciones_count: 3 });
    // 14 days (11-05 … 11-18): 7 + 8 + 16 = 31, 5 transactions
    expect(body.resumen_14dias).toEqual({ ganancia_total: 31, transacciones_count: 5 });
    // calendar month November: 31 + 32 + 64 + 256 = 383, 8 transactions
    expect(body.resumen_mes).toEqual({ ganancia_total: 383, transacciones_count: 8 });
    // total as of hasta: 511 − 256 (the 25th is later) = 255, 8 transactions; no base: Bs = 40 × 255 = 10200, USD = −255
    expect(body.resumen_total).toEqual({ saldo_ves: 10200, saldo_usd: -255, ganancia_total: 255, transacciones_count: 8, fecha: HASTA });
    expect(body.hasta).toBe(HASTA);
  });

  it('without hasta the windows end today in APP_TIMEZONE (America/Caracas, UTC−4)', async () => {
    // 2026-11-19 02:00 UTC is still 2026-11-18 22:00 in Caracas
    t.clock.set(new Date('2026-11-19T02:00:00Z'));
    const res = await t.request({ method: 'GET', url: `/api/transactions/history-summary?ledgerId=${u.ledgerId}`, token: u.token });
    expect(res.json().hasta).toBe('2026-11-18');
    expect(res.json().resumen_7dias).toEqual({ ganancia_total: 7, transacciones_count: 3 });
    // 2026-11-19 05:00 UTC is the 19th in Caracas: the 7-day window is 11-13 … 11-19: only hasta's 1 + 2
    t.clock.set(new Date('2026-11-19T05:00:00Z'));
    const later = await t.request({ method: 'GET', url: `/api/transactions/history-summary?ledgerId=${u.ledgerId}`, token: u.token });
    expect(later.json().resumen_7dias).toEqual({ ganancia_total: 3, transacciones_count: 2 });
  });

  it('resumen_total closes on the latest explicit base plus everything after it', async () => {
    const v = await createUser(t);
    await addTransaction(t, v, v.ledgerId, '2026-01-01', { venta: 1, tasa_venta: 40 }); // before the base: ignored for balances
    await setBase(t, v, v.ledgerId, '2026-01-02', 1000, 100);
    await addTransaction(t, v, v.ledgerId, '2026-01-02', { compra: 10, tasa_compra: 40 }); // −400 Bs, +10 USD, −10 profit
    await addTransaction(t, v, v.ledgerId, '2026-01-03', { venta: 5, tasa_venta: 42 }); // +210 Bs, −5 USD, +5 profit
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${v.ledgerId}&hasta=2026-01-03`,
      token: v.token,
    });
    // saldo: 1000 − 400 + 210 = 810; 100 + 10 − 5 = 105; profit 1 − 10 + 5 = −4
    expect(res.json().resumen_total).toEqual({
      saldo_ves: 810,
      saldo_usd: 105,
      ganancia_total: -4,
      transacciones_count: 3,
      fecha: '2026-01-03',
    });
  });

  it('resumen_total is the closing as of hasta: a base written for a later day does not count (issue 25)', async () => {
    const v = await createUser(t);
    await setBase(t, v, v.ledgerId, '2026-02-10', 1000000, 1000);
    await addTransaction(t, v, v.ledgerId, '2026-02-10', { venta: 25, tasa_venta: 540.4 }); // +13.510 Bs, −25 USD, +25 profit
    // A "Restablecer" on tomorrow: an explicit 0/0 base on 02-11.
    await setBase(t, v, v.ledgerId, '2026-02-11', 0, 0);
    const asOf = async (hasta: string) =>
      (
        await t.request({ method: 'GET', url: `/api/transactions/history-summary?ledgerId=${v.ledgerId}&hasta=${hasta}`, token: v.token })
      ).json().resumen_total;
    // today (02-10): 1.000.000 + 13.510 = 1.013.510 Bs; 1000 − 25 = 975 USD
    expect(await asOf('2026-02-10')).toEqual({
      saldo_ves: 1013510,
      saldo_usd: 975,
      ganancia_total: 25,
      transacciones_count: 1,
      fecha: '2026-02-10',
    });
    // tomorrow the reset base applies: 0 / 0
    expect(await asOf('2026-02-11')).toMatchObject({ saldo_ves: 0, saldo_usd: 0, fecha: '2026-02-11' });
  });

  it('an empty ledger summarises to zeros', async () => {
    const v = await createUser(t);
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${v.ledgerId}&hasta=2026-01-03`,
      token: v.token,
    });
    const zero = { ganancia_total: 0, transacciones_count: 0 };
    expect(res.json()).toEqual({
      resumen_total: { saldo_ves: 0, saldo_usd: 0, ganancia_total: 0, transacciones_count: 0, fecha: '2026-01-03' },
      resumen_7dias: zero,
      resumen_14dias: zero,
      resumen_mes: zero,
      hasta: '2026-01-03',
    });
    const dates = await t.request({ method: 'GET', url: `/api/transactions/dates?ledgerId=${v.ledgerId}`, token: v.token });
    expect(dates.json()).toEqual([]);
  });

  it('dates: newest first, with counts and Spanish long dates', async () => {
    const res = await t.request({ method: 'GET', url: `/api/transactions/dates?ledgerId=${u.ledgerId}`, token: u.token });
    expect(res.statusCode).toBe(200);
    const dates = res.json() as Array<{ date: string; formattedDate: string; transactionCount: number }>;
    expect(dates.map((d) => d.date)).toEqual([
      '2026-11-25',
      '2026-11-18',
      '2026-11-12',
      '2026-11-11',
      '2026-11-05',
      '2026-11-04',
      '2026-11-01',
      '2026-10-31',
    ]);
    expect(dates[1]).toEqual({ date: '2026-11-18', formattedDate: 'miércoles, 18 de noviembre de 2026', transactionCount: 2 });
    expect(dates.at(-1)).toEqual({ date: '2026-10-31', formattedDate: 'sábado, 31 de octubre de 2026', transactionCount: 1 });
  });

  it('members only (404 outside, any member inside); bad parameters 400', async () => {
    const member = await createUser(t);
    const outsider = await createUser(t);
    await addMember(t, u.ledgerId, member.id);
    for (const path of ['dates', 'history-summary']) {
      expect(
        (await t.request({ method: 'GET', url: `/api/transactions/${path}?ledgerId=${u.ledgerId}`, token: member.token })).statusCode,
      ).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: `/api/transactions/${path}?ledgerId=${u.ledgerId}`, token: outsider.token })).statusCode,
      ).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/transactions/${path}?ledgerId=123`, token: member.token })).statusCode).toBe(400);
    }
    const badHasta = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${u.ledgerId}&hasta=18-11-2026`,
      token: u.token,
    });
    expect(badHasta.statusCode).toBe(400);
    expect(badHasta.json().error).toBe('Fecha inválida');
  });
});
