import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiquidacionResponse } from '@arb/shared';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { cuentasAt } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, setBase } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * "Registrar capital inicial", what the first version left open (decision 0059): the registered
 * capital equals the opening equity to the cent, a currency that opened below zero is registered
 * (as retiros), and the registration can be undone from its activity like a delete or a reset.
 */
describe('registrar capital inicial: to the cent, below zero, and undone', () => {
  let t: TestApp;
  let ana: TestUser; // owner
  let beto: TestUser; // member with every permission
  let caro: TestUser; // member
  const events: LedgerEvent[] = [];
  const D = '2026-09-05';

  const registrar = (ledgerId: string, aportes: { userId: string; ves: string; usd: string }[], fecha = D) =>
    t.request({ method: 'POST', url: `/api/ledgers/${ledgerId}/socios/capital-inicial`, token: ana.token, payload: { fecha, aportes } });
  const preview = async (ledgerId: string, q: string): Promise<LiquidacionResponse> => {
    const res = await t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/liquidacion?${q}`, token: ana.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LiquidacionResponse;
  };
  const rate = (fecha: string, v: number) =>
    t.database.pool.query(`insert into rate_history (source, fecha, promedio) values ('paralelo', $1, $2) on conflict do nothing`, [
      fecha,
      v,
    ]);
  const registro = async (ledgerId: string) =>
    (
      await t.ctx.db.execute<{ id: number }>(
        sql`select id::int from activity where ledger_id = ${ledgerId} and action = 'CAPITAL_INICIAL_REGISTRADO' order by id desc limit 1`,
      )
    ).rows[0]!.id;
  const deshacer = async (u: TestUser, ledgerId: string) =>
    t.request({ method: 'POST', url: `/api/ledgers/${ledgerId}/activity/${await registro(ledgerId)}/restore`, token: u.token });

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.bus.onLedger((e) => events.push(e));
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
    caro = await createUser(t, { name: 'Caro' });
  });
  afterAll(async () => t.close());

  it('three partners with bolívares: the capital registered is the opening equity to the cent', async () => {
    // A ledger of its own: base of 1 Aug 3,00 Bs; the rate of 4 Aug 3 → opening of 5 Aug 3,00 ÷ 3 = 1,00 USD.
    const created = await t.request({ method: 'POST', url: '/api/ledgers', token: ana.token, payload: { name: 'Céntimos' } });
    const C = (created.json() as { ledger: { id: string } }).ledger.id;
    await addMember(t, C, beto.id, true);
    await addMember(t, C, caro.id, true);
    await setBase(t, ana, C, '2026-08-01', '3', '0');
    await rate('2026-08-04', 3);
    const res = await registrar(
      C,
      [ana, beto, caro].map((u) => ({ userId: u.id, ves: '1', usd: '0' })),
      '2026-08-05',
    );
    expect(res.statusCode, res.body).toBe(201);
    // Each 1 ÷ 3 = 0,333…: rounded one by one 0,33 × 3 = 0,99 and 0,01 would stay unregistered. Valued
    // as one sum (1,00) and apportioned by the largest remainder: 0,34 + 0,33 + 0,33.
    const p = await preview(C, 'desde=2026-08-05&hasta=2026-08-06&tasa_final=3');
    expect(p).toMatchObject({ patrimonio_inicial_usd: 1, capital_sin_registrar_usd: 0, resultado_usd: 0 });
    expect(p.socios.map((s) => s.capital_inicial_usd).sort()).toEqual([0.33, 0.33, 0.34]);
    expect(p.avisos).not.toContain('Registra los aportes iniciales o liquida primero los días anteriores');
  });

  // The main ledger, by hand: base of 1 Sep 0 Bs / 1.000 USD; 2 Sep buys 25 USD @ 40 paying 1.000 Bs
  // that were not there → −1.000 Bs / 1.025 USD from then on (a debt in bolívares). Rate of 4 Sep 40:
  // opening of 5 Sep = 1.025 − 1.000 ÷ 40 = 1.000,00 USD.
  let L: string;
  let antes: { totales: { ves: number; usd: number }; spanning: LiquidacionResponse };

  it('a currency that opened below zero is registered: the partner who takes the debt on has a retiro', async () => {
    L = ana.ledgerId;
    await addMember(t, L, beto.id, true);
    await rate('2026-09-04', 40);
    await setBase(t, ana, L, '2026-09-01', '0', '1000');
    await addTransaction(t, ana, L, '2026-09-02', { compra: 25, tasa_compra: '40' });
    const ap = await t.request({ method: 'GET', url: `/api/ledgers/${L}/socios/capital-inicial?fecha=${D}`, token: ana.token });
    expect(ap.json()).toEqual({ fecha: D, ves: -1000, usd: 1025 });
    antes = {
      totales: (await cuentasAt(t, ana, L, D)).totales,
      spanning: await preview(L, 'desde=2026-09-01&hasta=2026-09-06&tasa_final=40'),
    };
    expect(antes.totales).toEqual({ ves: -1000, usd: 1025 });

    // Ana takes the debt and 525 USD (525 − 25 = 500), Beto 500 USD.
    const res = await registrar(L, [
      { userId: ana.id, ves: '-1000', usd: '525' },
      { userId: beto.id, ves: '0', usd: '500' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const movs = await t.ctx.db.execute<{ miembro: string; tipo: string; moneda: string; monto: string; tasa: string | null }>(sql`
      select miembro_id::text as miembro, tipo, moneda, monto::text, tasa::text from movimientos
      where ledger_id = ${L} and registro_capital order by miembro_id = ${ana.id} desc, moneda desc`);
    expect(movs.rows).toEqual([
      { miembro: ana.id, tipo: 'retiro', moneda: 'VES', monto: '1000.00', tasa: '40.0000' },
      { miembro: ana.id, tipo: 'aporte', moneda: 'USD', monto: '525.00', tasa: null },
      { miembro: beto.id, tipo: 'aporte', moneda: 'USD', monto: '500.00', tasa: null },
    ]);
    // Every balance as it was; the base of 5 Sep is 0 / 0.
    expect((await cuentasAt(t, ana, L, D)).totales).toEqual(antes.totales);
    const p = await preview(L, `desde=${D}&hasta=2026-09-06&tasa_final=40`);
    expect(p).toMatchObject({ patrimonio_inicial_usd: 1000, capital_sin_registrar_usd: 0, resultado_usd: 0, ajustes_de_base: [] });
    expect(Object.fromEntries(p.socios.map((s) => [s.user_name, s.capital_inicial_usd]))).toEqual({ Ana: 500, Beto: 500 });
    // A period spanning the day lists the retiro but keeps its result, and sees no hand-typed jump on the 5th.
    const spanning = await preview(L, 'desde=2026-09-01&hasta=2026-09-06&tasa_final=40');
    expect(spanning).toMatchObject({ resultado_usd: antes.spanning.resultado_usd, aportes_usd: 1025, retiros_usd: 25 });
    expect(spanning.ajustes_de_base).toEqual(antes.spanning.ajustes_de_base);
  });

  it('"Deshacer": only the owner; refused while a period that used it is closed', async () => {
    expect((await deshacer(beto, L)).statusCode).toBe(403);
    const close = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/liquidaciones`,
      token: ana.token,
      payload: { desde: D, hasta: '2026-09-06', tasa_final: '40' },
    });
    expect(close.statusCode, close.body).toBe(201);
    const refused = await deshacer(ana, L);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PERIODO_CERRADO',
      error: 'El capital inicial se usó en el período liquidado 05/09/2026 – 06/09/2026: reábrelo antes de deshacer el registro',
    });
    const lid = (close.json() as { liquidacion: { id: string } }).liquidacion.id;
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/${lid}`, token: ana.token })).statusCode).toBe(204);
    expect(await t.ctx.db.execute(sql`select 1 from movimientos where ledger_id = ${L} and registro_capital`)).toMatchObject({
      rows: [{}, {}, {}],
    });
  });

  it('"Deshacer" puts the ledger back as it was, in one change, and the capital can be registered again', async () => {
    const before = events.length;
    const res = await deshacer(ana, L);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 0 });
    // The movements are gone and 5 Sep has no base row again (it inherited before): balances as before.
    expect((await t.ctx.db.execute(sql`select 1 from movimientos where ledger_id = ${L}`)).rows).toEqual([]);
    expect((await t.ctx.db.execute(sql`select 1 from daily_balances where ledger_id = ${L} and fecha = ${D}`)).rows).toEqual([]);
    expect((await cuentasAt(t, ana, L, D)).totales).toEqual(antes.totales);
    expect(await preview(L, `desde=${D}&hasta=2026-09-06&tasa_final=40`)).toMatchObject({ capital_sin_registrar_usd: 1000 });
    expect(events.slice(before)).toEqual([expect.objectContaining({ event: 'transaction-updated', type: 'RESTORED', fechas: [D] })]);
    const log = await t.ctx.db.execute<{ action: string; after: unknown }>(
      sql`select action, after from activity where ledger_id = ${L} and action = 'ACTIVITY_RESTORED'`,
    );
    expect(log.rows).toEqual([{ action: 'ACTIVITY_RESTORED', after: { action: 'CAPITAL_INICIAL_REGISTRADO', restored: 0, days: [D] } }]);
    expect((await deshacer(ana, L)).statusCode).toBe(409); // already undone

    const again = await registrar(L, [
      { userId: ana.id, ves: '-500', usd: '512.50' }, // 512,50 − 12,50 = 500
      { userId: beto.id, ves: '-500', usd: '512.50' },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    expect(await preview(L, `desde=${D}&hasta=2026-09-06&tasa_final=40`)).toMatchObject({ capital_sin_registrar_usd: 0 });
  });

  it('a registration whose movements changed since cannot be undone (409), and nothing moves', async () => {
    const m = await t.ctx.db.execute<{ id: string; version: number }>(
      sql`select id::text, version from movimientos where ledger_id = ${L} and miembro_id = ${beto.id} and moneda = 'USD'`,
    );
    const mov = m.rows[0]!;
    const edit = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${L}/movimientos/${mov.id}`,
      token: ana.token,
      payload: {
        tipo: 'aporte',
        fecha: D,
        moneda: 'USD',
        monto: '512.50',
        miembroId: beto.id,
        notas: 'Capital de Beto',
        version: mov.version,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await deshacer(ana, L);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'RESTORE_CONFLICT',
      error:
        'No se puede deshacer: los aportes del capital inicial o el saldo base del 05/09/2026 cambiaron después del registro; corrígelos a mano',
    });
    expect((await t.ctx.db.execute(sql`select 1 from movimientos where ledger_id = ${L}`)).rows).toHaveLength(4);
  });
});
