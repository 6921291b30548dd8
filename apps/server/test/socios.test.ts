import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  addDays,
  todayKey,
  type ImportBatchResult,
  type ImportPreview,
  type LiquidacionResponse,
  type LiquidacionesResponse,
} from '@arb/shared';
import { multipart } from './support/multipart.ts';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, verify } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * docs/product.md#socios-y-liquidacion: the preview, the split rule, closing and reopening a period,
 * and the lock on its days. Hand arithmetic in the comments.
 */
describe('socios: capital, result and settlement', () => {
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser;
  let vera: TestUser; // a viewer
  let otro: TestUser; // not a member
  let L: string;
  let anaUsd: string;
  let anaVes: string;
  let row: { id: string; version: number };
  const events: LedgerEvent[] = [];

  const preview = (u: TestUser, q: string) => t.request({ method: 'GET', url: `/api/ledgers/${L}/liquidacion?${q}`, token: u.token });
  const close = (u: TestUser, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/api/ledgers/${L}/liquidaciones`, token: u.token, payload: body });
  const settings = (u: TestUser, body: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/ledgers/${L}/settings`, token: u.token, payload: body });
  const LOCKED = 'Este día pertenece a un período liquidado (01/10/2026 – 10/10/2026)';
  const expectLocked = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: LOCKED, code: 'PERIODO_CERRADO' });
  };

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
    anaUsd = (await addCuenta(t, ana, L, { nombre: 'Ana USD', moneda: 'USD', tipo: 'binance' })).id;
    anaVes = (await addCuenta(t, ana, L, { nombre: 'Ana Bs', moneda: 'VES' })).id;
    const betoUsd = (await addCuenta(t, ana, L, { nombre: 'Beto USD', moneda: 'USD', titularId: beto.id })).id;
    // Ana brings 1000 USD on the 1st, Beto 500 USD on the 6th.
    await addMovimiento(t, ana, L, { tipo: 'aporte', fecha: '2026-10-01', moneda: 'USD', monto: '1000', cuenta_destino_id: anaUsd });
    await addMovimiento(t, beto, L, {
      tipo: 'aporte',
      fecha: '2026-10-06',
      moneda: 'USD',
      monto: '500',
      cuenta_destino_id: betoUsd,
      miembroId: beto.id,
    });
    // The 8th: Ana sells 100 @ 40 and buys 100 @ 38 → +4000 − 3800 = +200 Bs in "Ana Bs"; USD unchanged.
    row = await addTransaction(t, ana, L, '2026-10-08', {
      venta: 100,
      tasa_venta: '40',
      compra: 100,
      tasa_compra: '38',
      cuenta_ves_id: anaVes,
      cuenta_usd_id: anaUsd,
    } as never);
  });
  afterAll(async () => t.close());

  it('the preview of 1–10 Oct by hand: capital × time, cents, who holds what and the transfer', async () => {
    const res = await preview(vera, 'desde=2026-10-01&hasta=2026-10-10&tasa_final=40');
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as LiquidacionResponse;
    // Equity at the end: 1000 + 500 USD + 200 Bs / 40 = 1505.00; at the start 0. Net aportes 1500 → result 5.00.
    // Weights: Ana 1000 × 10 days = 10,000; Beto 500 × 5 days (6th–10th) = 2,500 → 0.8 / 0.2 → 4.00 and 1.00.
    // Capital final Ana 1004, Beto 501; Ana holds 1000 + 5 = 1005 (+1), Beto 500 (−1) → Ana pays Beto 1.00 (40 Bs).
    expect(p).toMatchObject({
      desde: '2026-10-01',
      hasta: '2026-10-10',
      tasas: { inicial: { tasa: null }, final: { tasa: 40, fuente: 'manual', fecha: '2026-10-10' } },
      patrimonio_inicial_usd: 0,
      patrimonio_final_usd: 1505,
      aportes_usd: 1500,
      retiros_usd: 0,
      resultado_usd: 5,
      comision_operador_usd: 0,
      sin_titular_usd: 0,
      capital_sin_registrar_usd: 0,
      avisos: [],
      cerrado: false,
    });
    expect(p.ganancia_realizada_usd).toBeGreaterThan(0);
    const byName = Object.fromEntries(p.socios.map((s) => [s.user_name, s]));
    expect(byName.Ana).toMatchObject({
      capital_inicial_usd: 0,
      aportes_usd: 1000,
      participacion: 0.8,
      resultado_usd: 4,
      capital_final_usd: 1004,
      en_su_poder_usd: 1005,
      diferencia_usd: 1,
    });
    expect(byName.Beto).toMatchObject({
      aportes_usd: 500,
      participacion: 0.2,
      resultado_usd: 1,
      capital_final_usd: 501,
      en_su_poder_usd: 500,
      diferencia_usd: -1,
    });
    // Vera is a member with nothing: listed with a zero share.
    expect(byName.Vera).toMatchObject({ participacion: 0, resultado_usd: 0, ex_miembro: false });
    expect(p.transferencias).toEqual([
      { de: { id: ana.id, user_name: 'Ana' }, a: { id: beto.id, user_name: 'Beto' }, monto_usd: 1, monto_ves: 40 },
    ]);
  });

  it('bolívares without a rate: 422 TASA_REQUERIDA naming the day; a non-member gets 404; bad periods 400', async () => {
    const res = await preview(ana, 'desde=2026-10-01&hasta=2026-10-10');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'TASA_REQUERIDA',
      error: 'Falta la tasa del 10/10/2026: indícala para valorar los bolívares en USD',
    });
    expect((await preview(otro, 'desde=2026-10-01&hasta=2026-10-10&tasa_final=40')).statusCode).toBe(404);
    const backwards = await preview(ana, 'desde=2026-10-10&hasta=2026-10-01&tasa_final=40');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await preview(ana, 'desde=2026-10-01&hasta=2026-10-10&tasa_final=0')).statusCode).toBe(400);
  });

  it('the split rule: owner only, percentages summing exactly 100 among members, an operator commission on a positive result', async () => {
    expect((await settings(beto, { reparto: { metodo: 'capital' } })).json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await settings(vera, { reparto: { metodo: 'capital' } })).statusCode).toBe(403);
    expect((await settings(otro, { reparto: { metodo: 'capital' } })).statusCode).toBe(404);
    const not100 = await settings(ana, {
      reparto: {
        metodo: 'porcentaje',
        porcentajes: [
          { userId: ana.id, porcentaje: '70' },
          { userId: beto.id, porcentaje: '29.99' },
        ],
      },
    });
    expect(not100.statusCode).toBe(400);
    const outsider = await settings(ana, {
      reparto: {
        metodo: 'porcentaje',
        porcentajes: [
          { userId: ana.id, porcentaje: '70' },
          { userId: otro.id, porcentaje: '30' },
        ],
      },
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({ error: 'El reparto solo puede nombrar miembros del registro' });
    const before = events.length;
    const ok = await settings(ana, {
      reparto: {
        metodo: 'porcentaje',
        porcentajes: [
          { userId: ana.id, porcentaje: '70' },
          { userId: beto.id, porcentaje: '30' },
        ],
        operador: { userId: beto.id, porcentaje: '10' },
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { ledger: unknown }).ledger).toMatchObject({
      metodo_ganancia: 'por_operacion',
      reparto: { metodo: 'porcentaje', operador: { userId: beto.id, porcentaje: '10.00' } },
    });
    expect(events.slice(before)).toEqual([expect.objectContaining({ event: 'ledger-updated', type: 'SETTINGS_UPDATED' })]);
    // Result 5.00: commission 0.50 to Beto; 4.50 split 70/30 = 3.15 / 1.35 → Beto 1.85.
    const p = (await preview(ana, 'desde=2026-10-01&hasta=2026-10-10&tasa_final=40')).json() as LiquidacionResponse;
    expect(p.comision_operador_usd).toBe(0.5);
    expect(p.socios.map((s) => [s.user_name, s.resultado_usd, s.participacion])).toEqual([
      ['Ana', 3.15, 0.7],
      ['Beto', 1.85, 0.3],
      ['Vera', 0, 0],
    ]);
    // Back to capital × time for the rest of the file.
    expect((await settings(ana, { reparto: { metodo: 'capital' } })).statusCode).toBe(200);
  });

  it('closing: owner only, not past today; then every change dated inside is refused, verify toggles and days outside are not', async () => {
    // A transaction deleted before closing, to restore after.
    const doomed = await addTransaction(t, ana, L, '2026-10-09', { venta: 1, tasa_venta: '40' } as never);
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${doomed.id}`, token: ana.token })).statusCode).toBe(204);
    const deletion = await t.ctx.db.execute<{ id: string }>(
      sql`select id::text from activity where ledger_id = ${L} and action = 'TRANSACTION_DELETED' order by id desc limit 1`,
    );
    // Equity and result change: 1 USD sold at 40 then deleted → nothing. (The row is gone.)

    expect((await close(beto, { desde: '2026-10-01', hasta: '2026-10-10', tasa_final: '40' })).statusCode).toBe(403);
    expect((await close(vera, { desde: '2026-10-01', hasta: '2026-10-10', tasa_final: '40' })).statusCode).toBe(403);
    expect((await close(otro, { desde: '2026-10-01', hasta: '2026-10-10', tasa_final: '40' })).statusCode).toBe(404);
    const future = await close(ana, { desde: '2026-10-01', hasta: '2099-01-01', tasa_final: '40' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ error: 'El período no puede terminar después de hoy' });

    const before = events.length;
    const res = await close(ana, { desde: '2026-10-01', hasta: '2026-10-10', tasa_final: '40' });
    expect(res.statusCode, res.body).toBe(201);
    const closed = (res.json() as { liquidacion: { id: string; liquidacion: LiquidacionResponse } }).liquidacion;
    expect(closed.liquidacion).toMatchObject({ resultado_usd: 5, cerrado: true });
    expect(events.slice(before)).toEqual([
      expect.objectContaining({ event: 'balance-updated', type: 'LIQUIDACION_CERRADA', fechas: ['2026-10-01', '2026-10-10'] }),
    ]);
    const act = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from activity where ledger_id = ${L} and action = 'LIQUIDACION_CERRADA'`,
    );
    expect(act.rows[0]!.n).toBe(1);
    const stored = (await preview(vera, 'desde=2026-10-01&hasta=2026-10-10')).json() as LiquidacionResponse;
    expect(stored).toMatchObject({ cerrado: true, resultado_usd: 5 });

    // Inside: create, edit, move in, delete, movement, base, reset, cuadre, restore → 409 naming the period.
    expectLocked(
      await t.request({
        method: 'POST',
        url: '/api/transactions',
        token: ana.token,
        payload: { ledgerId: L, fecha: '2026-10-05', venta: 1, tasa_venta: '40' },
      }),
    );
    expectLocked(
      await t.request({
        method: 'PUT',
        url: `/api/transactions/${row.id}`,
        token: ana.token,
        payload: { fecha: '2026-10-08', venta: 100, tasa_venta: '41', compra: 100, tasa_compra: '38', version: row.version },
      }),
    );
    expectLocked(await t.request({ method: 'DELETE', url: `/api/transactions/${row.id}`, token: ana.token }));
    const outside = await addTransaction(t, ana, L, '2026-10-12', { venta: 1, tasa_venta: '40' } as never);
    expectLocked(
      await t.request({
        method: 'PUT',
        url: `/api/transactions/${outside.id}`,
        token: ana.token,
        payload: { fecha: '2026-10-09', venta: 1, tasa_venta: '40', version: outside.version },
      }),
    );
    expectLocked(
      await t.request({
        method: 'POST',
        url: `/api/ledgers/${L}/movimientos`,
        token: ana.token,
        payload: { tipo: 'aporte', fecha: '2026-10-03', moneda: 'USD', monto: '5', cuenta_destino_id: anaUsd },
      }),
    );
    expectLocked(
      await t.request({
        method: 'PUT',
        url: `/api/daily-balances/${L}`,
        token: ana.token,
        payload: { fecha: '2026-10-04', saldo_base_usd: 10 },
      }),
    );
    expectLocked(await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/reset`, token: ana.token, payload: { fecha: '2026-10-08' } }));
    expectLocked(
      await t.request({
        method: 'POST',
        url: `/api/ledgers/${L}/cuentas/${anaVes}/cuadres`,
        token: ana.token,
        payload: { fecha: '2026-10-08', saldo_real: '200' },
      }),
    );
    expectLocked(await t.request({ method: 'POST', url: `/api/ledgers/${L}/activity/${deletion.rows[0]!.id}/restore`, token: ana.token }));
    // Nothing of it happened: the day still holds its one row.
    const rows = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where ledger_id = ${L} and fecha between '2026-10-01' and '2026-10-10'`,
    );
    expect(rows.rows[0]!.n).toBe(1);

    // Verify toggles stay allowed; days outside take changes.
    await verify(t, ana, row.id, true);
    await addMovimiento(t, ana, L, { tipo: 'aporte', fecha: '2026-10-11', moneda: 'USD', monto: '10', cuenta_destino_id: anaUsd });
  });

  it('a gap or an overlap is PERIODO_INVALIDO; the next period starts from the closed capitals and equity; a different tasa_inicial is refused', async () => {
    const gap = await close(ana, { desde: '2026-10-12', hasta: '2026-10-20', tasa_final: '40' });
    expect(gap.statusCode).toBe(409);
    expect(gap.json()).toMatchObject({ code: 'PERIODO_INVALIDO' });
    expect((await close(ana, { desde: '2026-10-05', hasta: '2026-10-20', tasa_final: '40' })).json()).toMatchObject({
      code: 'PERIODO_INVALIDO',
    });
    expect((await preview(ana, 'desde=2026-10-11&hasta=2026-10-20&tasa_inicial=41&tasa_final=40')).statusCode).toBe(400);

    const p = (await preview(ana, 'desde=2026-10-11&hasta=2026-10-20&tasa_final=40')).json() as LiquidacionResponse;
    // Starts at the closed equity 1505 and rate 40; capitals 1004 / 501 (Σ 1505: nothing sin registrar).
    // The 11th: Ana +10 USD aporte; the 12th: a sale of 1 USD at 40 into Sin asignar (40 Bs − 1 USD) → equity +0.
    expect(p.tasas.inicial).toMatchObject({ tasa: 40, fuente: 'manual' });
    expect(p.patrimonio_inicial_usd).toBe(1505);
    expect(p.capital_sin_registrar_usd).toBe(0);
    const byName = Object.fromEntries(p.socios.map((s) => [s.user_name, s]));
    expect(byName.Ana).toMatchObject({ capital_inicial_usd: 1004, aportes_usd: 10 });
    expect(byName.Beto).toMatchObject({ capital_inicial_usd: 501 });
    // Sin asignar holds −1 USD + 40 Bs (= 0.00 at 40): nothing sin titular.
    expect(p.sin_titular_usd).toBe(0);
  });

  it('imports skip orders dated in a closed period, with the reason', async () => {
    // A ledger of its own: 2 May 2024 closed; the fixture has two orders that day and one on 1 May.
    const carla = await createUser(t, { name: 'Carla' });
    const C = carla.ledgerId;
    const cerrar = await t.request({
      method: 'POST',
      url: `/api/ledgers/${C}/liquidaciones`,
      token: carla.token,
      payload: { desde: '2024-05-02', hasta: '2024-05-02' },
    });
    expect(cerrar.statusCode, cerrar.body).toBe(201);
    const csv = readFileSync(new URL('../src/services/imports/fixtures/english-fees.csv', import.meta.url));
    const form = () => multipart({}, [{ name: 'file', filename: 'orders.csv', contentType: 'text/csv', data: csv }]);
    const pre = await t.request({ method: 'POST', url: `/api/ledgers/${C}/imports/preview`, token: carla.token, ...form() });
    expect(pre.statusCode, pre.body).toBe(200);
    const body = pre.json() as ImportPreview;
    expect(body.counts).toEqual({ new: 1, duplicate: 0, skipped: 4 });
    expect(body.rows.filter((r) => r.fecha === '2024-05-02').map((r) => [r.action, r.reason])).toEqual([
      ['skipped', 'Período liquidado'],
      ['skipped', 'Período liquidado'],
    ]);
    const done = await t.request({ method: 'POST', url: `/api/ledgers/${C}/imports`, token: carla.token, ...form() });
    expect(done.statusCode, done.body).toBe(201);
    expect((done.json() as ImportBatchResult).batch).toMatchObject({ created: 1, skipped: 4, fechas: ['2024-05-01'] });
  });

  it('reopening: owner only, latest only; then the days take changes again', async () => {
    const list = (
      await t.request({ method: 'GET', url: `/api/ledgers/${L}/liquidaciones`, token: vera.token })
    ).json() as LiquidacionesResponse;
    expect(list.liquidaciones.map((l) => [l.desde, l.hasta, l.creadoPor?.user_name])).toEqual([['2026-10-01', '2026-10-10', 'Ana']]);
    expect(list.sugerido.desde).toBe('2026-10-11');
    const second = await close(ana, { desde: '2026-10-11', hasta: '2026-10-20', tasa_final: '40' });
    expect(second.statusCode, second.body).toBe(201);
    const first = list.liquidaciones[0]!.id;
    const notLatest = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/${first}`, token: ana.token });
    expect(notLatest.statusCode).toBe(409);
    expect(notLatest.json()).toMatchObject({ code: 'PERIODO_INVALIDO', error: 'Solo se puede reabrir el último período liquidado' });
    const secondId = (second.json() as { liquidacion: { id: string } }).liquidacion.id;
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/${secondId}`, token: beto.token })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/00000000-0000-4000-8000-000000000000`, token: ana.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/${secondId}`, token: ana.token })).statusCode).toBe(
      204,
    );
    const before = events.length;
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/liquidaciones/${first}`, token: ana.token })).statusCode).toBe(204);
    expect(events.slice(before)).toEqual([expect.objectContaining({ type: 'LIQUIDACION_REABIERTA' })]);
    await addTransaction(t, ana, L, '2026-10-05', { venta: 1, tasa_venta: '40' } as never);
    expect((await preview(ana, 'desde=2026-10-01&hasta=2026-10-10&tasa_final=40')).json()).toMatchObject({ cerrado: false });
  });

  it('the default period never overlaps a closed one: closed through today, it is the next day alone; capitalDesde names the first aporte of a member', async () => {
    // socios walk: a period closed through today made the default "today – today" (inside it).
    const carla = await createUser(t, { name: 'Carla' });
    const C = carla.ledgerId;
    const today = todayKey(t.ctx.config.APP_TIMEZONE, new Date());
    const yesterday = addDays(today, -1);
    const list = async () =>
      (await t.request({ method: 'GET', url: `/api/ledgers/${C}/liquidaciones`, token: carla.token })).json() as LiquidacionesResponse;
    expect(await list()).toMatchObject({ sugerido: { desde: today, hasta: today }, capitalDesde: null });
    const usd = (await addCuenta(t, carla, C, { nombre: 'Carla USD', moneda: 'USD', tipo: 'binance' })).id;
    await addMovimiento(t, carla, C, { tipo: 'aporte', fecha: yesterday, moneda: 'USD', monto: '100', cuenta_destino_id: usd });
    expect(await list()).toMatchObject({ sugerido: { desde: yesterday, hasta: today }, capitalDesde: yesterday });
    const closed = await t.request({
      method: 'POST',
      url: `/api/ledgers/${C}/liquidaciones`,
      token: carla.token,
      payload: { desde: yesterday, hasta: today },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const tomorrow = addDays(today, 1);
    expect((await list()).sugerido).toEqual({ desde: tomorrow, hasta: tomorrow });
  });
});
