import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiquidacionResponse } from '@arb/shared';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * "Registrar capital inicial" (DESIGN §28 "Existing ledgers", docs/product.md#socios-y-liquidacion,
 * decision 0056): a ledger kept before Socios turns its opening equity of a day into the members'
 * capital, without changing any balance and without the lowered base counting as a result.
 *
 * The ledger, by hand: base of 1 Sep 4,000 Bs / 900 USD (typed by hand); 3 Sep sells 100 USD @ 40
 * → 8,000 Bs / 800 USD from then on; the parallel rate of 4 Sep is 40. Opening of 5 Sep:
 * 8,000 Bs / 800 USD = 800 + 8,000 ÷ 40 = 1,000.00 USD. 7 Sep buys 50 USD @ 38 → 6,100 Bs / 850 USD.
 */
describe('socios: registrar capital inicial', () => {
  let t: TestApp;
  let ana: TestUser; // owner
  let beto: TestUser; // member with every permission
  let vera: TestUser; // viewer
  let otro: TestUser; // not a member
  let L: string;
  const events: LedgerEvent[] = [];
  const D = '2026-09-05';

  const registrar = (u: TestUser, body: unknown) =>
    t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/socios/capital-inicial`,
      token: u.token,
      payload: body as Record<string, unknown>,
    });
  const preview = async (q: string): Promise<LiquidacionResponse> => {
    const res = await t.request({ method: 'GET', url: `/api/ledgers/${L}/liquidacion?${q}&tasa_final=40`, token: ana.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LiquidacionResponse;
  };
  const valid = () => ({
    fecha: D,
    aportes: [
      { userId: ana.id, ves: '6000', usd: '300' }, // 300 + 6,000 ÷ 40 = 450.00
      { userId: beto.id, ves: '2000', usd: '500' }, // 500 + 2,000 ÷ 40 = 550.00
    ],
  });

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.bus.onLedger((e) => events.push(e));
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
    vera = await createUser(t, { name: 'Vera' });
    otro = await createUser(t, { name: 'Otro' });
    L = ana.ledgerId;
    await addMember(t, L, beto.id, true);
    await addMember(t, L, vera.id);
    await t.ctx.db.execute(sql`update ledger_members set solo_lectura = true where ledger_id = ${L} and user_id = ${vera.id}`);
    await setBase(t, ana, L, '2026-09-01', '4000', '900');
    await addTransaction(t, ana, L, '2026-09-03', { venta: 100, tasa_venta: '40' } as never);
    await addTransaction(t, ana, L, '2026-09-07', { compra: 50, tasa_compra: '38' } as never);
    await t.database.pool.query(`insert into rate_history (source, fecha, promedio) values ('paralelo', '2026-09-04', 40)`);
  });
  afterAll(async () => t.close());

  // Figures of other periods before the registration, compared after it.
  let antes: { spanning: LiquidacionResponse; later: LiquidacionResponse };

  it('before: the opening of 5 Sep is all unregistered; the GET answers the opening balances', async () => {
    const p = await preview(`desde=${D}&hasta=2026-09-06`);
    // Nothing happened on 5–6 Sep: equity 1,000 at both ends, no capital → 1,000 unregistered, result 0.
    expect(p).toMatchObject({
      patrimonio_inicial_usd: 1000,
      patrimonio_final_usd: 1000,
      resultado_usd: 0,
      capital_sin_registrar_usd: 1000,
    });
    const ap = await t.request({ method: 'GET', url: `/api/ledgers/${L}/socios/capital-inicial?fecha=${D}`, token: vera.token });
    expect(ap.statusCode, ap.body).toBe(200);
    expect(ap.json()).toEqual({ fecha: D, ves: 8000, usd: 800 });
    antes = { spanning: await preview('desde=2026-09-01&hasta=2026-09-06'), later: await preview('desde=2026-09-07&hasta=2026-09-07') };
    // 1 Sep's typed base: 0 → 4,000 Bs / 900 USD is a jump (DESIGN §28), inside the result: 900 + 100 = 1,000.
    expect(antes.spanning).toMatchObject({ resultado_usd: 1000, ajustes_de_base: [{ fecha: '2026-09-01', ves: 4000, usd: 900 }] });
    // 7 Sep: 6,100 ÷ 40 + 850 = 1,002.50 − 1,000 = 2.50.
    expect(antes.later).toMatchObject({ resultado_usd: 2.5, capital_sin_registrar_usd: 1000 });
  });

  it('permissions: owner only (403 for a member and a viewer, 404 outside)', async () => {
    expect((await registrar(beto, valid())).statusCode).toBe(403);
    expect((await registrar(vera, valid())).statusCode).toBe(403);
    expect((await registrar(otro, valid())).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/ledgers/${L}/socios/capital-inicial?fecha=${D}`, token: otro.token })).statusCode,
    ).toBe(404);
  });

  it('400 when the amounts do not add up per currency, name a non-member or repeat a member; 409 on a day with nothing', async () => {
    const short = await registrar(ana, { ...valid(), aportes: [valid().aportes[0], { userId: beto.id, ves: '2000', usd: '499.99' }] });
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Los aportes deben sumar el saldo de apertura del día: 8.000,00 Bs y 800,00 USD',
    });
    const stranger = await registrar(ana, { ...valid(), aportes: [...valid().aportes, { userId: otro.id, ves: '0', usd: '0' }] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ error: 'Solo los miembros del registro pueden recibir capital inicial' });
    const twice = await registrar(ana, { fecha: D, aportes: [valid().aportes[0], valid().aportes[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: 'Cada socio puede aparecer una sola vez' });
    const empty = await registrar(ana, { fecha: '2026-08-01', aportes: [{ userId: ana.id, ves: '0', usd: '0' }] });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ code: 'CAPITAL_YA_REGISTRADO' });
  });

  it('409 PERIODO_CERRADO while a period is closed', async () => {
    const close = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/liquidaciones`,
      token: ana.token,
      payload: { desde: '2026-08-01', hasta: '2026-08-31' },
    });
    expect(close.statusCode, close.body).toBe(201);
    const res = await registrar(ana, valid());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PERIODO_CERRADO',
      error: 'Ya hay períodos liquidados: el capital inicial se registra antes del primer cierre',
    });
    const lid = (close.json() as { liquidacion: { id: string } }).liquidacion.id;
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/${lid}`, token: ana.token })).statusCode).toBe(204);
  });

  it('registers in one change: aportes + lowered base, equity unchanged, activity and realtime', async () => {
    const before = events.length;
    const res = await registrar(ana, valid());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ fecha: D, ves: 8000, usd: 800 });
    // One aporte per member and currency, valued at the rate of 4 Sep, marked as a registration.
    const movs = await t.ctx.db.execute<{ miembro: string; moneda: string; monto: string; tasa: string | null; registro: boolean }>(sql`
      select miembro_id::text as miembro, moneda, monto::text, tasa::text, registro_capital as registro from movimientos
      where ledger_id = ${L} order by miembro_id = ${ana.id} desc, moneda`);
    expect(movs.rows).toEqual([
      { miembro: ana.id, moneda: 'USD', monto: '300.00', tasa: null, registro: true },
      { miembro: ana.id, moneda: 'VES', monto: '6000.00', tasa: '40.0000', registro: true },
      { miembro: beto.id, moneda: 'USD', monto: '500.00', tasa: null, registro: true },
      { miembro: beto.id, moneda: 'VES', monto: '2000.00', tasa: '40.0000', registro: true },
    ]);
    // The base of 5 Sep: 8,000 − 8,000 = 0 Bs, 800 − 800 = 0 USD, explicit; its closing stays 8,000 / 800.
    const day = await t.request({ method: 'GET', url: `/api/daily-balances?ledgerId=${L}&fecha=${D}`, token: ana.token });
    expect(day.json()).toMatchObject({ saldo_base_ves: 0, saldo_base_usd: 0, heredado: false });
    const act = await t.ctx.db.execute<{ n: number; before: unknown; after: { aportes: unknown[] } }>(
      sql`select count(*) over ()::int as n, before, after from activity where ledger_id = ${L} and action = 'CAPITAL_INICIAL_REGISTRADO'`,
    );
    expect(act.rows).toHaveLength(1);
    expect(act.rows[0]!.before).toMatchObject({ heredado: true });
    expect(act.rows[0]!.after.aportes).toHaveLength(4);
    expect(events.slice(before)).toEqual([
      expect.objectContaining({ event: 'balance-updated', type: 'CAPITAL_INICIAL_REGISTRADO', fechas: [D] }),
    ]);
    // Once registered there is nothing left: 409.
    expect((await registrar(ana, valid())).json()).toMatchObject({ code: 'CAPITAL_YA_REGISTRADO' });
  });

  it('a period starting on the day: capital_inicial as registered, result 0, nothing unregistered, no base jump', async () => {
    const p = await preview(`desde=${D}&hasta=2026-09-06`);
    // Opening 1,000.00 (8,000 ÷ 40 + 800) = Ana 450 + Beto 550; final 1,000.00; no aportes inside.
    expect(p).toMatchObject({
      patrimonio_inicial_usd: 1000,
      patrimonio_final_usd: 1000,
      aportes_usd: 0,
      resultado_usd: 0,
      capital_sin_registrar_usd: 0,
      ajustes_de_base: [],
    });
    const by = Object.fromEntries(p.socios.map((s) => [s.user_name, s]));
    expect(by.Ana).toMatchObject({ capital_inicial_usd: 450, aportes_usd: 0, resultado_usd: 0, capital_final_usd: 450 });
    expect(by.Beto).toMatchObject({ capital_inicial_usd: 550, aportes_usd: 0, resultado_usd: 0, capital_final_usd: 550 });
    expect(p.avisos.some((a) => a.startsWith('El saldo base'))).toBe(false);
  });

  it('other periods keep their results: one spanning the day lists the aportes but not as a loss; a later one starts registered', async () => {
    const spanning = await preview('desde=2026-09-01&hasta=2026-09-06');
    // Result as before (1,000: 1 Sep's typed base); aportes 1,000 are listed, the registration nets out.
    expect(spanning).toMatchObject({
      resultado_usd: antes.spanning.resultado_usd,
      patrimonio_final_usd: antes.spanning.patrimonio_final_usd,
      aportes_usd: 1000,
      ajustes_de_base: [{ fecha: '2026-09-01', ves: 4000, usd: 900 }],
    });
    const later = await preview('desde=2026-09-07&hasta=2026-09-07');
    // 2.50 as before, now split by capital: nothing unregistered.
    expect(later).toMatchObject({ resultado_usd: 2.5, capital_sin_registrar_usd: 0, patrimonio_inicial_usd: 1000 });
    expect(later.socios.reduce((s, x) => s + Math.round(x.capital_inicial_usd * 100), 0)).toBe(100_000);
  });
  it('deleting one registered aporte later leaves exactly that amount as a hand-typed jump of the day', async () => {
    const m = await t.ctx.db.execute<{ id: string }>(
      sql`select id::text from movimientos where ledger_id = ${L} and miembro_id = ${beto.id} and moneda = 'USD'`,
    );
    const del = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/movimientos/${m.rows[0]!.id}`, token: ana.token });
    expect(del.statusCode, del.body).toBe(204);
    const p = await preview(`desde=${D}&hasta=2026-09-06`);
    // Base of 5 Sep 0 / 0 + registered 8,000 Bs / 300 USD − inherited 8,000 / 800 = 0 Bs, −500 USD: a jump
    // inside the result (−500), named in an aviso. Beto keeps 2,000 ÷ 40 = 50.00 of capital.
    expect(p).toMatchObject({ resultado_usd: -500, ajustes_de_base: [{ fecha: D, ves: 0, usd: -500 }], capital_sin_registrar_usd: 500 });
    expect(p.socios.find((x) => x.user_name === 'Beto')).toMatchObject({ capital_inicial_usd: 50 });
  });
});
