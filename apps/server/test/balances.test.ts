import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, setBase, verify } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

describe('GET /api/transactions/balances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('computes a day by hand: rows in order with cumulative figures, totals, weighted averages, verified-only balances', async () => {
    const u = await createUser(t);
    const day = '2026-03-10';
    await setBase(t, u, u.ledgerId, day, '1000.00', '500.00');
    const a = await addTransaction(t, u, u.ledgerId, day, { venta: 100, tasa_venta: '40.50', compra: 100, tasa_compra: '40.00' });
    const b = await addTransaction(t, u, u.ledgerId, day, { venta: 250, tasa_venta: '36.15' });
    const c = await addTransaction(t, u, u.ledgerId, day, { compra: '80.25', tasa_compra: '41.1234', notas: 'compra' });
    await verify(t, u, a.id);
    await verify(t, u, c.id);
    const res = await t.request({
      method: 'GET',
      url: `/api/transactions/balances?ledgerId=${u.ledgerId}&fecha=${day}&t=123&force=true`,
      token: u.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    // a: 4050 − 4000 = 50.00 Bs, 50 / 40 = 1.25 USD
    // b: 250 × 36.15 = 9037.50 Bs, sale only → +250.00 USD
    // c: 80.25 × 41.1234 = 3300.15285 → −3300.15 Bs, purchase only → −80.25 USD
    expect(body.transacciones_con_acumulados.map((r: { id: string }) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(
      body.transacciones_con_acumulados.map((r: Record<string, number>) => [
        r.ganancia_transaccion_ves,
        r.ganancia_transaccion_usd,
        r.ganancia_acumulada_ves_hasta_esta_transaccion,
        r.ganancia_acumulada_usd_hasta_esta_transaccion,
      ]),
    ).toEqual([
      [50, 1.25, 50, 1.25],
      [9037.5, 250, 9087.5, 251.25], // 50 + 9037.50; 1.25 + 250
      [-3300.15, -80.25, 5787.35, 171], // 9087.50 − 3300.15; 251.25 − 80.25
    ]);
    expect(body.transacciones_con_acumulados[2]).toMatchObject({ notas: 'compra', esta_verificada: true, bs_pagados: 3300.15 });
    // each row carries docs/api.md's fields plus version, createdAt, its author and docs/product.md#binance-import's fee, time, origin and order number
    expect(Object.keys(body.transacciones_con_acumulados[0]).sort()).toEqual(
      [
        'comision_usd',
        'ocurrido_en',
        'origen',
        'referencia',
        'id',
        'ledgerId',
        'fecha',
        'venta',
        'tasa_venta',
        'compra',
        'tasa_compra',
        'notas',
        'esta_verificada',
        'bs_recibidos',
        'bs_pagados',
        'ganancia_transaccion_ves',
        'ganancia_transaccion_usd',
        'ganancia_acumulada_ves_hasta_esta_transaccion',
        'ganancia_acumulada_usd_hasta_esta_transaccion',
        'version',
        'createdAt',
        'createdBy',
      ].sort(),
    );
    expect(body.transacciones_con_acumulados[1]).toMatchObject({ fecha: day, version: 1, createdBy: { id: u.id } });
    // Σ recibidos = 4050.00 + 9037.50 = 13087.50; Σ pagados = 4000.00 + 3300.15 (3300.15285 as shown) = 7300.15
    // saldo ves = 1000 + 13087.50 − 7300.15 = 6787.35 (docs/decisions/0034); usd = 500 − 350 + 180.25 = 330.25
    expect(body.resumen).toEqual({
      saldo_disponible_ves: { valor: 6787.35 },
      saldo_disponible_usd: { valor: 330.25 },
      venta_total: { valor: 350 },
      compra_total: { valor: 180.25 },
      ganancia_total_ves: { valor: 5787.35 },
      ganancia_total_usd: { valor: 171 },
    });
    // 13087.50 / 350 = 37.392857… → 37.3929; 7300.15 / 180.25 = 40.500138… → 40.5001
    expect(body.promedios).toEqual({ tasa_venta_promedio: 37.3929, tasa_compra_promedio: 40.5001 });
    expect(body.saldos_base).toEqual({
      saldo_base_ves: 1000,
      saldo_base_usd: 500,
      heredado: false,
      heredado_ves: false,
      heredado_usd: false,
    });
    // verified only (a, c): ves = 1000 + 4050 − 4000 − 3300.15285 = −2250.15285 → −2250.15; usd = 500 − 100 + 100 + 80.25 = 580.25
    expect(body.saldos_actuales).toEqual({ saldo_ves_actual: -2250.15, saldo_usd_actual: 580.25 });
  });

  it('verified-only balances move when a transaction is verified, and back', async () => {
    const u = await createUser(t);
    const day = '2026-03-11';
    const tx = await addTransaction(t, u, u.ledgerId, day, { venta: 10, tasa_venta: 40 }); // +400 Bs, −10 USD
    expect((await balances(t, u, u.ledgerId, day)).saldos_actuales).toEqual({ saldo_ves_actual: 0, saldo_usd_actual: 0 });
    await verify(t, u, tx.id);
    expect((await balances(t, u, u.ledgerId, day)).saldos_actuales).toEqual({ saldo_ves_actual: 400, saldo_usd_actual: -10 });
    await verify(t, u, tx.id, false);
    expect((await balances(t, u, u.ledgerId, day)).saldos_actuales).toEqual({ saldo_ves_actual: 0, saldo_usd_actual: 0 });
  });

  it('an empty ledger day is 0/0, not inherited', async () => {
    const u = await createUser(t);
    const b = await balances(t, u, u.ledgerId, '2026-01-01');
    expect(b.saldos_base).toEqual({ saldo_base_ves: 0, saldo_base_usd: 0, heredado: false, heredado_ves: false, heredado_usd: false });
    expect(b.transacciones_con_acumulados).toEqual([]);
    expect(b.resumen.saldo_disponible_ves).toEqual({ valor: 0 });
    expect(b.promedios).toEqual({ tasa_venta_promedio: 0, tasa_compra_promedio: 0 });
  });

  describe('carry-forward (docs/product.md#money)', () => {
    it('across two days: day 2 starts with day 1 closing', async () => {
      const u = await createUser(t);
      await setBase(t, u, u.ledgerId, '2026-04-01', 1000, 100);
      await addTransaction(t, u, u.ledgerId, '2026-04-01', { venta: 10, tasa_venta: '40.1234' }); // +401.234 Bs, −10 USD
      const d1 = await balances(t, u, u.ledgerId, '2026-04-01');
      // 1000 + 401.234 = 1401.234 → 1401.23; 100 − 10 = 90
      expect(d1.resumen.saldo_disponible_ves).toEqual({ valor: 1401.23 });
      const d2 = await balances(t, u, u.ledgerId, '2026-04-02');
      expect(d2.saldos_base).toEqual({
        saldo_base_ves: 1401.23,
        saldo_base_usd: 90,
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
      const base = await t.request({ method: 'GET', url: `/api/daily-balances?ledgerId=${u.ledgerId}&fecha=2026-04-02`, token: u.token });
      expect(base.json()).toEqual({
        saldo_base_ves: 1401.23,
        saldo_base_usd: 90,
        fecha: '2026-04-02',
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
    });

    it('across three days, through a day without activity, and sub-cent residues stay consistent', async () => {
      const u = await createUser(t);
      await setBase(t, u, u.ledgerId, '2026-05-01', 0, 0);
      // each day: 1 × 0.0050 = 0.005 Bs received, 1 USD out
      await addTransaction(t, u, u.ledgerId, '2026-05-01', { venta: 1, tasa_venta: '0.005' });
      await addTransaction(t, u, u.ledgerId, '2026-05-02', { venta: 1, tasa_venta: '0.005' });
      // each row shows 0.005 → 0.01 and the balances sum the rows as shown (docs/decisions/0034, issue 36):
      // day 1 closing 0.01; day 2 base 0.01, closing 0.01 + 0.01 = 0.02 (the exact 0.010 said 0.01)
      const d1 = await balances(t, u, u.ledgerId, '2026-05-01');
      const d2 = await balances(t, u, u.ledgerId, '2026-05-02');
      const d3 = await balances(t, u, u.ledgerId, '2026-05-03');
      const d4 = await balances(t, u, u.ledgerId, '2026-05-04');
      expect(d1.resumen.saldo_disponible_ves.valor).toBe(0.01);
      expect(d2.saldos_base).toEqual({ saldo_base_ves: 0.01, saldo_base_usd: -1, heredado: true, heredado_ves: true, heredado_usd: true });
      expect(d2.resumen.saldo_disponible_ves.valor).toBe(0.02);
      expect(d2.resumen.saldo_disponible_usd.valor).toBe(-2);
      // every day's base is exactly the previous day's closing as shown
      expect(d3.saldos_base).toEqual({
        saldo_base_ves: d2.resumen.saldo_disponible_ves.valor,
        saldo_base_usd: -2,
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
      expect(d4.saldos_base).toEqual({
        saldo_base_ves: d3.resumen.saldo_disponible_ves.valor,
        saldo_base_usd: -2,
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
    });

    it('three days with an explicit base in the middle: editing a past day flows into later days', async () => {
      const u = await createUser(t);
      await setBase(t, u, u.ledgerId, '2026-06-01', 1000, 100);
      await addTransaction(t, u, u.ledgerId, '2026-06-01', { compra: 10, tasa_compra: 40 }); // −400 Bs, +10 USD
      await addTransaction(t, u, u.ledgerId, '2026-06-02', { venta: 5, tasa_venta: 42 }); // +210 Bs, −5 USD
      await addTransaction(t, u, u.ledgerId, '2026-06-03', { venta: 1, tasa_venta: 45 }); // +45 Bs, −1 USD
      // day 2 base = 1000 − 400 = 600 / 110; day 3 base = 600 + 210 = 810 / 105
      expect((await balances(t, u, u.ledgerId, '2026-06-02')).saldos_base).toEqual({
        saldo_base_ves: 600,
        saldo_base_usd: 110,
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
      expect((await balances(t, u, u.ledgerId, '2026-06-03')).saldos_base).toEqual({
        saldo_base_ves: 810,
        saldo_base_usd: 105,
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
      // change day 1's base: +500 Bs flows to days 2 and 3
      await setBase(t, u, u.ledgerId, '2026-06-01', 1500, 100);
      expect((await balances(t, u, u.ledgerId, '2026-06-03')).saldos_base).toEqual({
        saldo_base_ves: 1310,
        saldo_base_usd: 105,
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
      // an explicit base on day 2 wins there and restarts the chain for day 3: 50 + 210 = 260 / 20 − 5 = 15
      await setBase(t, u, u.ledgerId, '2026-06-02', 50, 20);
      expect((await balances(t, u, u.ledgerId, '2026-06-02')).saldos_base).toEqual({
        saldo_base_ves: 50,
        saldo_base_usd: 20,
        heredado: false,
        heredado_ves: false,
        heredado_usd: false,
      });
      const d3 = await balances(t, u, u.ledgerId, '2026-06-03');
      expect(d3.saldos_base).toEqual({ saldo_base_ves: 260, saldo_base_usd: 15, heredado: true, heredado_ves: true, heredado_usd: true });
      // day 3 closing: 260 + 45 = 305; 15 − 1 = 14
      expect(d3.resumen.saldo_disponible_ves.valor).toBe(305);
      expect(d3.resumen.saldo_disponible_usd.valor).toBe(14);
    });

    it('with no explicit base at all, starts from 0/0 at the first transaction', async () => {
      const u = await createUser(t);
      await addTransaction(t, u, u.ledgerId, '2026-07-01', { venta: 2, tasa_venta: 40 }); // +80, −2
      await addTransaction(t, u, u.ledgerId, '2026-07-05', { compra: 1, tasa_compra: 41 }); // −41, +1
      expect((await balances(t, u, u.ledgerId, '2026-07-01')).saldos_base).toEqual({
        saldo_base_ves: 0,
        saldo_base_usd: 0,
        heredado: false,
        heredado_ves: false,
        heredado_usd: false,
      });
      expect((await balances(t, u, u.ledgerId, '2026-07-09')).saldos_base).toEqual({
        saldo_base_ves: 39,
        saldo_base_usd: -1,
        heredado: true,
        heredado_ves: true,
        heredado_usd: true,
      });
    });

    it('other ledgers never leak into a ledger’s carry-forward', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      await addTransaction(t, b, b.ledgerId, '2026-08-01', { venta: 100, tasa_venta: 40 });
      await setBase(t, b, b.ledgerId, '2026-08-01', 999, 999);
      expect((await balances(t, a, a.ledgerId, '2026-08-02')).saldos_base).toEqual({
        saldo_base_ves: 0,
        saldo_base_usd: 0,
        heredado: false,
        heredado_ves: false,
        heredado_usd: false,
      });
    });
  });

  it('members only: a non-member gets 404 on balances and on daily balances', async () => {
    const a = await createUser(t);
    const stranger = await createUser(t);
    for (const url of [
      `/api/transactions/balances?ledgerId=${a.ledgerId}&fecha=2026-01-01`,
      `/api/daily-balances?ledgerId=${a.ledgerId}&fecha=2026-01-01`,
    ]) {
      const res = await t.request({ method: 'GET', url, token: stranger.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Registro no encontrado', code: 'NOT_FOUND' });
    }
  });

  it.each([
    ['missing fecha', 'fecha='],
    ['bad fecha', 'fecha=2026-02-30'],
    ['bad ledger id', 'ledgerId=nope&fecha=2026-01-01'],
  ])('bad query (%s) is a 400', async (_name, query) => {
    const u = await createUser(t);
    const q = query.startsWith('ledgerId') ? query : `ledgerId=${u.ledgerId}&${query}`;
    const res = await t.request({ method: 'GET', url: `/api/transactions/balances?${q}`, token: u.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('daily balances', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let balancer: TestUser;
  let outsider: TestUser;
  const events: LedgerEvent[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    member = await createUser(t);
    balancer = await createUser(t);
    outsider = await createUser(t);
    await addMember(t, owner.ledgerId, member.id);
    await addMember(t, owner.ledgerId, balancer.id, true);
    t.ctx.bus.onLedger((e) => events.push(e));
  });
  afterAll(async () => t.close());

  const put = (u: TestUser, payload: unknown) =>
    t.request({ method: 'PUT', url: `/api/daily-balances/${owner.ledgerId}`, token: u.token, payload: payload as object });

  it('owner and canModifyBalance may set; a plain member 403; a non-member 404', async () => {
    const body = { fecha: '2026-02-01', saldo_base_ves: '1234.5', saldo_base_usd: 10 };
    const ok = await put(owner, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      saldo_base_ves: 1234.5,
      saldo_base_usd: 10,
      fecha: '2026-02-01',
      heredado: false,
      heredado_ves: false,
      heredado_usd: false,
    });
    expect(events.at(-1)).toEqual({
      event: 'transaction-updated',
      ledgerId: owner.ledgerId,
      type: 'DAILY_BALANCE_UPDATED',
      fecha: '2026-02-01',
      byUserId: owner.id,
    });
    expect((await put(balancer, { ...body, saldo_base_ves: 1 })).statusCode).toBe(200);
    const denied = await put(member, body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'No tienes permiso para modificar los saldos base', code: 'FORBIDDEN' });
    expect((await put(outsider, body)).statusCode).toBe(404);
    // any member reads it
    const read = await t.request({
      method: 'GET',
      url: `/api/daily-balances?ledgerId=${owner.ledgerId}&fecha=2026-02-01`,
      token: member.token,
    });
    expect(read.json()).toEqual({
      saldo_base_ves: 1,
      saldo_base_usd: 10,
      fecha: '2026-02-01',
      heredado: false,
      heredado_ves: false,
      heredado_usd: false,
    });
  });

  it('records the change with before and after values', async () => {
    await put(owner, { fecha: '2026-02-03', saldo_base_ves: 5, saldo_base_usd: 6 });
    const { rows } = await t.database.pool.query(
      "select before, after, user_id from activity where ledger_id = $1 and action = 'DAILY_BALANCE_UPDATED' and fecha = '2026-02-03'",
      [owner.ledgerId],
    );
    // before: inherited from 2026-02-01 (1 / 10)
    expect(rows[0]).toEqual({
      user_id: owner.id,
      before: { saldo_base_ves: 1, saldo_base_usd: 10, fecha: '2026-02-03', heredado: true, heredado_ves: true, heredado_usd: true },
      after: { saldo_base_ves: 5, saldo_base_usd: 6, fecha: '2026-02-03', heredado: false, heredado_ves: false, heredado_usd: false },
    });
  });

  it.each([
    ['negative', { saldo_base_ves: -1, saldo_base_usd: 0 }],
    ['text', { saldo_base_ves: 'abc', saldo_base_usd: 0 }],
    ['missing (neither currency)', {}],
    ['negative, with the other currency valid', { saldo_base_usd: -5 }],
    ['3 decimals', { saldo_base_ves: '1.005', saldo_base_usd: 0 }],
    ['a boolean', { saldo_base_ves: true, saldo_base_usd: 0 }],
  ])('a %s base is a 400 with SPEC’s message', async (_name, body) => {
    const res = await put(owner, { fecha: '2026-02-01', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Por favor ingresa un valor válido para el saldo base', code: 'VALIDATION_ERROR' });
  });

  it('a base above 1e12 is a 400, not a 500', async () => {
    const res = await put(owner, { fecha: '2026-02-01', saldo_base_ves: 1e12 + 1, saldo_base_usd: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('El valor es demasiado grande');
  });
});
