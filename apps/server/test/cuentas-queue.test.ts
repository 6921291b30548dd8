import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCuenta, cuentasAt } from './support/cuentas.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

/**
 * DESIGN §28 "Accounts that come back" for the web's offline queue, and the descuadre re-check
 * after an import is undone (docs/product.md#cuentas-y-movimientos, docs/product.md#cuadre).
 */
describe('accounts: a queued create whose account was archived, and an import undone under a cuadre', () => {
  let t: TestApp;
  let ana: TestUser;
  let otro: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    otro = await createUser(t, { name: 'Otro' });
  });
  afterAll(async () => t.close());

  const post = (payload: object, headers: Record<string, string>) =>
    t.request({ method: 'POST', url: '/api/transactions', token: ana.token, payload, headers });

  it('a queued create (X-Offline-Queue: 1) whose account was archived goes to Sin asignar and says so; sent straight it is 400', async () => {
    const L = ana.ledgerId;
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    const binance = await addCuenta(t, ana, L, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });
    // Never used, zero balance: it archives while the create waits in the queue
    const arch = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${L}/cuentas/${banesco.id}`,
      token: ana.token,
      payload: { archivada: true },
    });
    expect(arch.statusCode, arch.body).toBe(200);
    // A sale of 10 USD at 40: 400 Bs into Banesco (archived), 10 USD out of Binance (active)
    const body = { ledgerId: L, fecha: '2026-05-04', venta: 10, tasa_venta: 40, cuenta_ves_id: banesco.id, cuenta_usd_id: binance.id };
    const straight = await post(body, { 'idempotency-key': 'k-straight' });
    expect(straight.statusCode).toBe(400);
    expect(straight.json()).toMatchObject({ code: 'CUENTA_INVALIDA' });

    const queued = await post(body, { 'idempotency-key': 'k-queued', 'x-offline-queue': '1' });
    expect(queued.statusCode, queued.body).toBe(201);
    const answer = queued.json() as { transaction: Record<string, unknown>; avisos?: string[] };
    expect(answer.avisos).toEqual(['La cuenta Banesco se archivó mientras la operación esperaba: quedó en Sin asignar']);
    expect(answer.transaction).not.toHaveProperty('cuenta_ves_id');
    expect(answer.transaction.cuenta_usd_id).toBe(binance.id);
    // The 400 Bs sit in Sin asignar (10 × 40); the 10 USD sold left Binance (it had nothing: −10)
    const day = await cuentasAt(t, ana, L, '2026-05-04');
    expect(day.sin_asignar.ves).toBe(400);
    expect(day.cuentas.find((c) => c.nombre === 'Binance')?.saldo).toBe(-10);

    // The same queued item again (its answer was lost): the first row, no second notice
    const replay = await post(body, { 'idempotency-key': 'k-queued', 'x-offline-queue': '1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).not.toHaveProperty('avisos');
    expect((replay.json() as typeof answer).transaction.id).toBe(answer.transaction.id);
    const n = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from transactions where ledger_id = ${L}`);
    expect(n.rows[0]!.n).toBe(1);
  });

  it('a queued create still refuses a foreign or wrong-currency account (400 CUENTA_INVALIDA)', async () => {
    const L = ana.ledgerId;
    const foreign = await addCuenta(t, otro, otro.ledgerId, { nombre: 'Ajena', moneda: 'VES' });
    const usd = await addCuenta(t, ana, L, { nombre: 'Zelle', moneda: 'USD', tipo: 'zelle' });
    for (const cuenta_ves_id of [foreign.id, usd.id]) {
      const res = await post(
        { ledgerId: L, fecha: '2026-05-05', venta: 1, tasa_venta: 40, cuenta_ves_id },
        { 'idempotency-key': `k-${cuenta_ves_id}`, 'x-offline-queue': '1' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'CUENTA_INVALIDA',
        error: 'La cuenta no pertenece a este registro o no es de la moneda correcta',
      });
    }
  });

  it('undoing an import that fed a cuadrado day leaves the account descuadrada, told once on Telegram', async () => {
    const u = await createUser(t, { name: 'Carla' });
    const L = u.ledgerId;
    await t.ctx.db.execute(sql`insert into telegram_links (user_id, chat_id) values (${u.id}, 5151)`);
    const ves = await addCuenta(t, u, L, { nombre: 'Mercantil', moneda: 'VES' });
    const csv = readFileSync(new URL('../src/services/imports/fixtures/english-fees.csv', import.meta.url));
    const form = multipart({ cuenta_ves_id: ves.id }, [{ name: 'file', filename: 'orders.csv', contentType: 'text/csv', data: csv }]);
    const imp = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/imports`,
      token: u.token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(imp.statusCode, imp.body).toBe(201);
    const { id: batchId, fechas } = imp.json().batch as { id: string; fechas: string[] };
    const last = fechas.at(-1)!;
    // Cuadre the account at the import's last day with exactly the system's balance: cuadrada
    const saldo = (await cuentasAt(t, u, L, last)).cuentas.find((c) => c.id === ves.id)!.saldo;
    expect(saldo).not.toBe(0);
    const cuadre = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/cuentas/${ves.id}/cuadres`,
      token: u.token,
      payload: { fecha: last, saldo_real: String(Math.abs(saldo)) },
    });
    // A negative system balance cannot be a saldo_real (≥ 0): then the cuadre is already off and the test is moot
    expect(saldo, 'the fixture must put money into the account').toBeGreaterThan(0);
    expect(cuadre.statusCode, cuadre.body).toBe(201);
    expect((await cuentasAt(t, u, L, last)).cuentas.find((c) => c.id === ves.id)!.descuadrada).toBe(false);
    const flag = async () =>
      (await t.ctx.db.execute<{ d: boolean }>(sql`select descuadre_avisado as d from cuentas where id = ${ves.id}`)).rows[0]!.d;
    expect(await flag()).toBe(false);

    const undo = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/imports/${batchId}`, token: u.token });
    expect(undo.statusCode, undo.body).toBe(204);
    // The rows are gone: the balance at that day is 0 ≠ the saldo_real confirmed
    expect((await cuentasAt(t, u, L, last)).cuentas.find((c) => c.id === ves.id)).toMatchObject({ saldo: 0, descuadrada: true });
    // The re-check ran after the commit: the stored state flipped and the titular was told once
    expect(await flag()).toBe(true);
    const notices = await t.ctx.db.execute<{ text: string }>(
      sql`select text from telegram_messages where user_id = ${u.id} and dedupe_key like 'descuadre:%'`,
    );
    expect(notices.rows.map((r) => r.text)).toEqual([expect.stringContaining('La cuenta Mercantil quedó descuadrada al')]);
  });
});
