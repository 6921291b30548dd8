import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, verify } from './support/transactions.ts';
import { createUser, type TestUser } from './support/users.ts';

/** docs/product.md#balances-of-a-day: each currency's base is set or inherited on its own; verified balances carry their own base. */
describe('base balances per currency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const put = (u: TestUser, payload: object) =>
    t.request({ method: 'PUT', url: `/api/daily-balances/${u.ledgerId}`, token: u.token, payload });
  const get = async (u: TestUser, fecha: string) =>
    (await t.request({ method: 'GET', url: `/api/daily-balances?ledgerId=${u.ledgerId}&fecha=${fecha}`, token: u.token })).json();

  it('the review’s case: an inherited −100 USD does not stop saving the Bs.S base, and USD keeps flowing', async () => {
    const u = await createUser(t);
    await addTransaction(t, u, u.ledgerId, '2026-03-01', { venta: 100, tasa_venta: 40 }); // +4000 Bs, −100 USD
    const saved = await put(u, { fecha: '2026-03-02', saldo_base_ves: 500 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      saldo_base_ves: 500,
      saldo_base_usd: -100,
      fecha: '2026-03-02',
      heredado: false,
      heredado_ves: false,
      heredado_usd: true,
    });
    // a later sale on day 1 still reaches day 2's USD base (−100 − 50), not its Bs.S base (explicit 500)
    await addTransaction(t, u, u.ledgerId, '2026-03-01', { venta: 50, tasa_venta: 40 });
    expect((await balances(t, u, u.ledgerId, '2026-03-02')).saldos_base).toEqual({
      saldo_base_ves: 500,
      saldo_base_usd: -150,
      heredado: false,
      heredado_ves: false,
      heredado_usd: true,
    });
  });

  it('an omitted currency keeps its explicit value; null returns it to inherited; both inherited leaves no row', async () => {
    const u = await createUser(t);
    await addTransaction(t, u, u.ledgerId, '2026-04-01', { compra: 10, tasa_compra: 40 }); // −400 Bs, +10 USD
    expect((await put(u, { fecha: '2026-04-02', saldo_base_ves: 1000, saldo_base_usd: 20 })).statusCode).toBe(200);
    expect((await put(u, { fecha: '2026-04-02', saldo_base_usd: 30 })).json()).toMatchObject({
      saldo_base_ves: 1000,
      saldo_base_usd: 30,
      heredado_ves: false,
      heredado_usd: false,
    });
    // Bs.S back to inherited: day 1's closing, −400
    expect((await put(u, { fecha: '2026-04-02', saldo_base_ves: null })).json()).toEqual({
      saldo_base_ves: -400,
      saldo_base_usd: 30,
      fecha: '2026-04-02',
      heredado: false,
      heredado_ves: true,
      heredado_usd: false,
    });
    // day 3 inherits each currency from its own source: −400 Bs.S from day 1, 30 USD from day 2
    expect(await get(u, '2026-04-03')).toEqual({
      saldo_base_ves: -400,
      saldo_base_usd: 30,
      fecha: '2026-04-03',
      heredado: true,
      heredado_ves: true,
      heredado_usd: true,
    });
    expect((await put(u, { fecha: '2026-04-02', saldo_base_usd: null })).json()).toMatchObject({ saldo_base_usd: 10, heredado: true });
    const { rows } = await t.database.pool.query('select * from daily_balances where ledger_id = $1', [u.ledgerId]);
    expect(rows).toEqual([]);
  });

  it('refuses a body without any currency and a negative explicit value', async () => {
    const u = await createUser(t);
    for (const payload of [{ fecha: '2026-05-01' }, { fecha: '2026-05-01', saldo_base_usd: -1 }]) {
      const res = await put(u, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Por favor ingresa un valor válido para el saldo base', code: 'VALIDATION_ERROR' });
    }
  });

  it('the history’s closing balances follow each currency’s own base', async () => {
    const u = await createUser(t);
    await put(u, { fecha: '2026-06-01', saldo_base_ves: 100, saldo_base_usd: 7 });
    await addTransaction(t, u, u.ledgerId, '2026-06-01', { venta: 1, tasa_venta: 40 }); // +40 Bs, −1 USD
    await put(u, { fecha: '2026-06-02', saldo_base_usd: 50 });
    await addTransaction(t, u, u.ledgerId, '2026-06-02', { venta: 2, tasa_venta: 40 }); // +80 Bs, −2 USD
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${u.ledgerId}&hasta=2026-06-30`,
      token: u.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Bs.S from day 1's 100: 100 + 40 + 80 = 220; USD from day 2's 50: 50 − 2 = 48
    expect(res.json().resumen_total).toMatchObject({ saldo_ves: 220, saldo_usd: 48 });
  });

  describe('Saldo verificado carries the verified closing, never an earlier unverified row', () => {
    it('an unverified sale of day 1 is not in day 2’s verified balances until it is verified', async () => {
      const u = await createUser(t);
      await put(u, { fecha: '2026-07-01', saldo_base_ves: 1000, saldo_base_usd: 100 });
      const sale = await addTransaction(t, u, u.ledgerId, '2026-07-01', { venta: 10, tasa_venta: 40 }); // +400 Bs, −10 USD
      const buy = await addTransaction(t, u, u.ledgerId, '2026-07-01', { compra: 5, tasa_compra: 38 }); // −190 Bs, +5 USD
      await verify(t, u, buy.id);
      const d2 = await balances(t, u, u.ledgerId, '2026-07-02');
      // full: 1000 + 400 − 190 = 1210; 100 − 10 + 5 = 95
      expect(d2.saldos_base).toMatchObject({ saldo_base_ves: 1210, saldo_base_usd: 95 });
      // verified: only the purchase: 1000 − 190 = 810; 100 + 5 = 105 (before docs/product.md#balances-of-a-day: 1210 / 95)
      expect(d2.saldos_actuales).toEqual({ saldo_ves_actual: 810, saldo_usd_actual: 105 });
      await verify(t, u, sale.id);
      expect((await balances(t, u, u.ledgerId, '2026-07-02')).saldos_actuales).toEqual({ saldo_ves_actual: 1210, saldo_usd_actual: 95 });
    });

    it('an explicit base counts as verified; an inherited currency carries the verified closing through an empty day', async () => {
      const u = await createUser(t);
      await addTransaction(t, u, u.ledgerId, '2026-08-01', { venta: 10, tasa_venta: 40 }); // unverified: +400 Bs, −10 USD
      const ok = await addTransaction(t, u, u.ledgerId, '2026-08-01', { compra: 2, tasa_compra: 40 }); // −80 Bs, +2 USD
      await verify(t, u, ok.id);
      await put(u, { fecha: '2026-08-02', saldo_base_ves: 300 });
      await addTransaction(t, u, u.ledgerId, '2026-08-02', { compra: 1, tasa_compra: 40 }); // unverified: −40 Bs, +1 USD
      const d2 = await balances(t, u, u.ledgerId, '2026-08-02');
      // Bs.S explicit 300 counts as verified; USD inherits day 1's verified closing 0 + 2 = 2
      expect(d2.saldos_actuales).toEqual({ saldo_ves_actual: 300, saldo_usd_actual: 2 });
      // day 4 (day 3 empty): Bs.S 300 (day 2's unverified −40 left out); USD 2
      expect((await balances(t, u, u.ledgerId, '2026-08-04')).saldos_actuales).toEqual({ saldo_ves_actual: 300, saldo_usd_actual: 2 });
      // while the full balances carry everything: 300 − 40 = 260; −10 + 2 + 1 = −7
      expect((await balances(t, u, u.ledgerId, '2026-08-04')).saldos_base).toMatchObject({ saldo_base_ves: 260, saldo_base_usd: -7 });
    });
  });
});
