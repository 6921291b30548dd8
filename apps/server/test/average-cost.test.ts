import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/** docs/product.md#profit-method-and-position: the ledger's profit method, its position and its pnl, across days and members. */
describe('average cost', () => {
  let t: TestApp;
  let t2: TestApp;
  beforeAll(async () => {
    // two server instances on one database, trusting the same tokens
    const env = { JWT_SECRET: randomBytes(32).toString('hex') };
    t = await createTestApp(env);
    t2 = await createTestApp(env, { database: t.database });
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });

  const position = async (app: TestApp, u: TestUser, ledgerId: string, query: string) => {
    const res = await app.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/position?${query}`, token: u.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown> & {
      posicion_usd: number;
      costo_promedio: number;
      realizado_ves: number;
      realizado_usd: number;
    };
  };
  const pnl = async (app: TestApp, u: TestUser, ledgerId: string, query: string) => {
    const res = await app.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/pnl?${query}`, token: u.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      dias: Array<Record<string, number | string>>;
      total: Record<string, number>;
      por_miembro: Array<Record<string, number | string>>;
    };
  };

  describe('PUT /api/ledgers/:id/settings', () => {
    it('owner only: another member 403, a non-member 404, a bad method 400; records activity and answers the ledger', async () => {
      const owner = await createUser(t);
      const member = await createUser(t);
      const outsider = await createUser(t);
      await addMember(t, owner.ledgerId, member.id);
      const put = (u: TestUser, metodo_ganancia: unknown) =>
        t.request({ method: 'PUT', url: `/api/ledgers/${owner.ledgerId}/settings`, token: u.token, payload: { metodo_ganancia } });
      expect((await put(member, 'costo_promedio')).statusCode).toBe(403);
      expect((await put(outsider, 'costo_promedio')).statusCode).toBe(404);
      expect((await put(owner, 'fifo')).statusCode).toBe(400);
      const res = await put(owner, 'costo_promedio');
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { ledger: { metodo_ganancia: string } }).ledger.metodo_ganancia).toBe('costo_promedio');
      const list = await t.request({ method: 'GET', url: '/api/ledgers', token: member.token });
      expect((list.json() as Array<{ id: string; metodo_ganancia: string }>).find((l) => l.id === owner.ledgerId)?.metodo_ganancia).toBe(
        'costo_promedio',
      );
      const act = await t.database.pool.query(`select action, before, after from activity where ledger_id = $1 and action = $2`, [
        owner.ledgerId,
        'LEDGER_SETTINGS_UPDATED',
      ]);
      // Full snapshots of the settings: the split rule (DESIGN §22, default capital × time) rides along unchanged.
      expect(act.rows).toEqual([
        {
          action: 'LEDGER_SETTINGS_UPDATED',
          before: { metodo_ganancia: 'por_operacion', reparto: { metodo: 'capital' } },
          after: { metodo_ganancia: 'costo_promedio', reparto: { metodo: 'capital' } },
        },
      ]);
    });
  });

  it('position and pnl by hand: a lone sale, then the purchase on a later day; per-member books', async () => {
    const owner = await createUser(t, { name: 'Ana' });
    const partner = await createUser(t, { name: 'Beto' });
    await addMember(t, owner.ledgerId, partner.id);
    const L = owner.ledgerId;
    // day 1: Ana sells 100 @ 250 (N = −100 @ 250, realizes 0)
    await addTransaction(t, owner, L, '2026-06-01', { venta: 100, tasa_venta: 250 });
    // day 2: Beto buys 40 @ 240 (ledger book: closes 40 of the short: 40 × 10 = 400 Bs, 400 / 240 = 1.67 USD;
    //   Beto's own book: opens long 40 @ 240, realizes 0)
    await addTransaction(t, partner, L, '2026-06-02', { compra: 40, tasa_compra: 240, comision_usd: '0.1' });
    // day 3: Ana buys 60 @ 245 (ledger: 60 × 5 = 300 Bs, 300 / 245 = 1.22 USD; flat;
    //   Ana's book: closes 60 of her −100 short @ 250: same 300 Bs / 1.22 USD, N = −40 @ 250)
    await addTransaction(t, owner, L, '2026-06-03', { compra: 60, tasa_compra: 245 });

    const p1 = await position(t, owner, L, 'fecha=2026-06-01&tasa=260');
    // short 100 @ 250 at R = 260: |N| × (A − R) = 100 × −10 = −1,000 Bs; −1,000 / 260 = −3.85 USD
    expect(p1).toEqual({
      fecha: '2026-06-01',
      posicion_usd: -100,
      costo_promedio: 250,
      realizado_ves: 0,
      realizado_usd: 0,
      comisiones_usd: 0,
      referencia: { tasa: 260, fuente: 'manual', fecha: '2026-06-01' },
      no_realizado_ves: -1000,
      no_realizado_usd: -3.85,
    });
    const p2 = await position(t, owner, L, 'fecha=2026-06-02&tasa=250');
    // fee 0.1 on a purchase @ 240: −24 Bs, −0.1 USD → realized 400 − 24 = 376 Bs; 1.6666… − 0.1 = 1.5666… → 1.57
    expect(p2).toMatchObject({ posicion_usd: -60, costo_promedio: 250, realizado_ves: 376, realizado_usd: 1.57, comisiones_usd: 0.1 });
    expect(p2).toMatchObject({ no_realizado_ves: 0, no_realizado_usd: 0 });
    const p3 = await position(t, owner, L, 'fecha=2026-06-30');
    // no rate stored: the unrealized fields and referencia are null; flat after day 3; 376 + 300 = 676; 1.57 + 1.22 = 2.79
    expect(p3).toMatchObject({
      posicion_usd: 0,
      costo_promedio: 0,
      realizado_ves: 676,
      realizado_usd: 2.79,
      referencia: null,
      no_realizado_ves: null,
      no_realizado_usd: null,
    });

    const r = await pnl(t, owner, L, 'desde=2026-06-02&hasta=2026-06-03');
    expect(r.dias).toEqual([
      {
        fecha: '2026-06-02',
        operaciones: 1,
        realizado_ves: 376,
        realizado_usd: 1.57,
        comisiones_usd: 0.1,
        posicion_usd: -60,
        costo_promedio: 250,
      },
      {
        fecha: '2026-06-03',
        operaciones: 1,
        realizado_ves: 300,
        realizado_usd: 1.22,
        comisiones_usd: 0,
        posicion_usd: 0,
        costo_promedio: 0,
      },
    ]);
    expect(r.total).toEqual({ operaciones: 2, realizado_ves: 676, realizado_usd: 2.79, comisiones_usd: 0.1 });
    // separate books: Ana −40 @ 250 after realizing 300 Bs on day 3; Beto long 40 @ 240, his fee realized −24 Bs / −0.1 USD
    expect(r.por_miembro).toEqual([
      {
        userId: owner.id,
        user_name: 'Ana',
        operaciones: 1,
        realizado_ves: 300,
        realizado_usd: 1.22,
        posicion_usd: -40,
        costo_promedio: 250,
      },
      {
        userId: partner.id,
        user_name: 'Beto',
        operaciones: 1,
        realizado_ves: -24,
        realizado_usd: -0.1,
        posicion_usd: 40,
        costo_promedio: 240,
      },
    ]);
    // a member listed only with a transaction up to hasta
    const early = await pnl(t, owner, L, 'desde=2026-06-01&hasta=2026-06-01');
    expect(early.por_miembro.map((m) => m.user_name)).toEqual(['Ana']);

    // members only
    const outsider = await createUser(t);
    expect((await t.request({ method: 'GET', url: `/api/ledgers/${L}/position`, token: outsider.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/ledgers/${L}/pnl`, token: outsider.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/ledgers/${L}/position?tasa=0`, token: owner.token })).statusCode).toBe(400);
  });

  it('an edit and a delete of an earlier day change the later days, read on the other instance', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const a = await addTransaction(t, u, L, '2026-07-01', { compra: 10, tasa_compra: 100 });
    await addTransaction(t, u, L, '2026-07-05', { venta: 10, tasa_venta: 110 });
    // long 10 @ 100, sold @ 110: 100 Bs
    expect(await position(t2, u, L, 'fecha=2026-07-05')).toMatchObject({ realizado_ves: 100, posicion_usd: 0 });
    // the states are stored now; edit day 1 on instance 1: bought @ 105 → day 5 realizes 10 × 5 = 50
    const res = await t.request({
      method: 'PUT',
      url: `/api/transactions/${a.id}`,
      token: u.token,
      payload: { compra: 10, tasa_compra: 105, fecha: '2026-07-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(await position(t2, u, L, 'fecha=2026-07-05')).toMatchObject({ realizado_ves: 50, posicion_usd: 0 });
    expect((await pnl(t2, u, L, 'desde=2026-07-05&hasta=2026-07-05')).dias[0]).toMatchObject({ realizado_ves: 50 });
    // delete day 1: day 5's sale opens a short instead, realizing nothing
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${a.id}`, token: u.token })).statusCode).toBe(204);
    expect(await position(t2, u, L, 'fecha=2026-07-05')).toMatchObject({ realizado_ves: 0, posicion_usd: -10, costo_promedio: 110 });
    expect(await position(t, u, L, 'fecha=2026-07-04')).toMatchObject({ realizado_ves: 0, posicion_usd: 0 });
  });

  it('concurrent creates on two days, on two instances, with reads in between, end in the walk from the first row', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const jobs: Array<Promise<unknown>> = [];
    for (let i = 0; i < 20; i++) {
      const app = i % 2 === 0 ? t : t2;
      const day = i % 2 === 0 ? '2026-08-01' : '2026-08-02';
      jobs.push(addTransaction(app, u, L, day, i % 4 < 2 ? { compra: 1, tasa_compra: 100 + i } : { venta: 1, tasa_venta: 100 + i }));
      jobs.push(position(app, u, L, 'fecha=2026-08-02'));
    }
    await Promise.all(jobs);
    const stored = await position(t, u, L, 'fecha=2026-08-02');
    // what a fresh walk of every row gives: drop the stored states and read again
    await t.database.pool.query(`delete from avg_cost_days where ledger_id = $1`, [L]);
    await t.database.pool.query(`update avg_cost_valid set valid_until = '-infinity' where ledger_id = $1`, [L]);
    expect(await position(t2, u, L, 'fecha=2026-08-02')).toEqual(stored);
    expect(stored.posicion_usd).toBe(0);
  });

  it('under costo_promedio the balances rows, totals and history use the realized figures', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    await addTransaction(t, u, L, '2026-09-01', { venta: 100, tasa_venta: 250 });
    await addTransaction(t, u, L, '2026-09-02', { compra: 100, tasa_compra: 240 });
    // por_operacion: a lone sale is +100 USD, a lone purchase −100
    expect((await balances(t, u, L, '2026-09-01')).resumen.ganancia_total_usd.valor).toBe(100);
    await t.request({ method: 'PUT', url: `/api/ledgers/${L}/settings`, token: u.token, payload: { metodo_ganancia: 'costo_promedio' } });
    const d1 = await balances(t, u, L, '2026-09-01');
    expect(d1.transacciones_con_acumulados[0]).toMatchObject({ ganancia_transaccion_usd: 0, ganancia_transaccion_ves: 0 });
    expect(d1.resumen.ganancia_total_usd.valor).toBe(0);
    // the sale's other figures are unchanged
    expect(d1.resumen.saldo_disponible_usd.valor).toBe(-100);
    const d2 = await balances(t2, u, L, '2026-09-02');
    // closes the short: 100 × 10 = 1,000 Bs; 1,000 / 240 = 4.17
    expect(d2.transacciones_con_acumulados[0]).toMatchObject({
      ganancia_transaccion_ves: 1000,
      ganancia_transaccion_usd: 4.17,
      ganancia_acumulada_usd_hasta_esta_transaccion: 4.17,
    });
    expect(d2.resumen.ganancia_total_ves.valor).toBe(1000);
    const hist = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${L}&hasta=2026-09-02`,
      token: u.token,
    });
    expect(hist.statusCode, hist.body).toBe(200);
    expect((hist.json() as { resumen_total: { ganancia_total: number } }).resumen_total.ganancia_total).toBe(4.17);
    const chart = await t.request({ method: 'GET', url: `/api/transactions/daily-profit?ledgerId=${L}`, token: u.token });
    expect((chart.json() as Array<{ date: string; ganancia_usd: number }>).map((d) => [d.date, d.ganancia_usd])).toEqual([
      ['2026-09-01', 0],
      ['2026-09-02', 4.17],
    ]);
  });
});
