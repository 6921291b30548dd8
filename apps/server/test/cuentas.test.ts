import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { addCuenta, addMovimiento, cuentasAt, saldos } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, setBase } from './support/transactions.ts';
import { addMember, createUser } from './support/users.ts';
import { fanOutChanges } from '../src/services/telegram/change-fanout.ts';

type Extra = {
  resumen: Record<string, { valor: number }>;
  movimientos?: Array<{ id: string; tipo: string; monto: number }>;
  cuentas?: Array<{ nombre: string; saldo: number; descuadrada: boolean }>;
  sin_asignar?: { ves: number; usd: number };
};

describe('accounts and movements: balances of a day (docs/product.md#cuentas-y-movimientos)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a day by hand: transfers from Sin asignar, a sale and a purchase into accounts, an aporte, a retiro, a transfer with a fee, an ajuste', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const L = ana.ledgerId;
    const day = '2026-03-10';
    await setBase(t, ana, L, day, '10000.00', '500.00');
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    const mercantil = await addCuenta(t, ana, L, { nombre: 'Mercantil', moneda: 'VES' });
    const binance = await addCuenta(t, ana, L, { nombre: 'Binance', moneda: 'USD', tipo: 'binance' });
    expect(banesco).toMatchObject({
      nombre: 'Banesco',
      moneda: 'VES',
      tipo: 'banco',
      archivada: false,
      version: 1,
      titular: { id: ana.id },
    });
    // The inherited money placed with transfers from Sin asignar.
    await addMovimiento(t, ana, L, { tipo: 'transferencia', fecha: day, moneda: 'VES', monto: '6000', cuenta_destino_id: banesco.id });
    await addMovimiento(t, ana, L, { tipo: 'transferencia', fecha: day, moneda: 'USD', monto: '400', cuenta_destino_id: binance.id });
    await addTransaction(t, ana, L, day, {
      venta: 100,
      tasa_venta: '40.50',
      comision_usd: '0.1',
      cuenta_ves_id: banesco.id,
      cuenta_usd_id: binance.id,
    } as never);
    await addTransaction(t, ana, L, day, { compra: 50, tasa_compra: '40', cuenta_ves_id: banesco.id, cuenta_usd_id: binance.id } as never);
    await addMovimiento(t, ana, L, { tipo: 'aporte', fecha: day, moneda: 'VES', monto: '1000', tasa: '40', cuenta_destino_id: banesco.id });
    await addMovimiento(t, ana, L, { tipo: 'retiro', fecha: day, moneda: 'USD', monto: '20', cuenta_origen_id: binance.id });
    const fee = await addMovimiento(t, ana, L, {
      tipo: 'transferencia',
      fecha: day,
      moneda: 'VES',
      monto: '500',
      comision: '1.50',
      cuenta_origen_id: banesco.id,
      cuenta_destino_id: mercantil.id,
    });
    expect(fee).toMatchObject({ tipo: 'transferencia', monto: 500, comision: 1.5, miembro: null, version: 1 });
    await addMovimiento(t, ana, L, {
      tipo: 'ajuste',
      fecha: day,
      moneda: 'USD',
      monto: '0.50',
      cuenta_origen_id: binance.id,
      notas: 'faltante',
    });

    // Banesco: +6000 + 4050 (100 × 40.50) − 2000 (50 × 40) + 1000 − 501.50 = 8548.50; Mercantil: +500
    // VES available: 10000 + 4050 − 2000 + (1000 − 1.50) = 13048.50; Sin asignar: 13048.50 − 8548.50 − 500 = 4000 (= 10000 − 6000)
    // Binance: +400 − 100.10 (sale + fee) + 50 − 20 − 0.50 = 329.40
    // USD available: 500 − 100 + 50 − 0.10 + (−20 − 0.50) = 429.40; Sin asignar: 429.40 − 329.40 = 100 (= 500 − 400)
    const expected = { Banesco: 8548.5, Mercantil: 500, Binance: 329.4, 'Sin asignar VES': 4000, 'Sin asignar USD': 100 };
    const list = await cuentasAt(t, ana, L, day);
    expect(saldos(list)).toEqual(expected);
    expect(list.totales).toEqual({ ves: 13048.5, usd: 429.4 });

    const b = (await balances(t, ana, L, day)) as unknown as Extra;
    expect(b.resumen.saldo_disponible_ves).toEqual({ valor: 13048.5 });
    expect(b.resumen.saldo_disponible_usd).toEqual({ valor: 429.4 });
    // netos: VES 1000 − 1.50 = 998.50; USD −20 − 0.50 = −20.50
    expect(b.resumen.movimientos_netos_ves).toEqual({ valor: 998.5 });
    expect(b.resumen.movimientos_netos_usd).toEqual({ valor: -20.5 });
    // Profit is unchanged by movements: sale 4050 − 0.1 × 40.50 = 4045.95 Bs, 100 − 0.10 = 99.90 USD; purchase −2000 Bs, −50 USD
    expect(b.resumen.ganancia_total_ves).toEqual({ valor: 2045.95 });
    expect(b.resumen.ganancia_total_usd).toEqual({ valor: 49.9 });
    expect(saldos({ cuentas: b.cuentas as never, sin_asignar: b.sin_asignar! })).toEqual(expected);
    expect(b.movimientos!.map((m) => m.tipo)).toEqual(['transferencia', 'transferencia', 'aporte', 'retiro', 'transferencia', 'ajuste']);
    // Movements count as verified: the verified balances (no row verified) are the base plus movements
    // VES 10000 + 998.50 = 10998.50; USD 500 − 20.50 = 479.50
    expect((b as unknown as { saldos_actuales: unknown }).saldos_actuales).toEqual({ saldo_ves_actual: 10998.5, saldo_usd_actual: 479.5 });

    // The next day inherits the closing with its movements, and the accounts carry on.
    const next = await balances(t, ana, L, '2026-03-11');
    expect(next.saldos_base).toMatchObject({ saldo_base_ves: 13048.5, saldo_base_usd: 429.4, heredado: true });
    expect(next.saldos_actuales).toEqual({ saldo_ves_actual: 10998.5, saldo_usd_actual: 479.5 });
    expect(saldos(await cuentasAt(t, ana, L, '2026-03-11'))).toEqual(expected);
    // The day before has nothing yet.
    expect(saldos(await cuentasAt(t, ana, L, '2026-03-09'))).toEqual({
      Banesco: 0,
      Mercantil: 0,
      Binance: 0,
      'Sin asignar VES': 0,
      'Sin asignar USD': 0,
    });
    // An explicit base moves only Sin asignar: 12000 instead of the inherited 13048.50
    await setBase(t, ana, L, '2026-03-11', '12000.00', '429.40');
    const moved = saldos(await cuentasAt(t, ana, L, '2026-03-11'));
    expect(moved).toEqual({ ...expected, 'Sin asignar VES': 4000 - 1048.5 });
  });

  it('a day keeps its movements when its last transaction is deleted (the day totals row stays)', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const tx = await addTransaction(t, u, L, '2026-04-01', { venta: 1, tasa_venta: 40 });
    await addMovimiento(t, u, L, { tipo: 'aporte', fecha: '2026-04-01', moneda: 'USD', monto: '100' });
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: u.token })).statusCode).toBe(204);
    // The next day inherits the aporte: 0 Bs, 100 USD
    const next = await balances(t, u, L, '2026-04-02');
    expect(next.saldos_base).toMatchObject({ saldo_base_ves: 0, saldo_base_usd: 100, heredado: true });
    expect(next.saldos_actuales).toEqual({ saldo_ves_actual: 0, saldo_usd_actual: 100 });
  });

  it('a ledger without accounts or movements answers exactly as before (no new keys)', async () => {
    const u = await createUser(t);
    await addTransaction(t, u, u.ledgerId, '2026-03-10', { venta: 10, tasa_venta: 40 });
    const b = await balances(t, u, u.ledgerId, '2026-03-10');
    // `cerrado` is every day's (decision 0066: null outside a closed period); no account key is added.
    expect(Object.keys(b).sort()).toEqual([
      'cerrado',
      'promedios',
      'resumen',
      'saldos_actuales',
      'saldos_base',
      'transacciones_con_acumulados',
    ]);
    expect(b.cerrado).toBeNull();
    expect(Object.keys(b.resumen)).not.toContain('movimientos_netos_ves');
    expect(Object.keys(b.transacciones_con_acumulados[0]!)).not.toContain('cuenta_ves_id');
    // …and its accounts list is empty with everything in Sin asignar: 10 × 40 = 400 Bs, −10 USD
    expect(await cuentasAt(t, u, u.ledgerId, '2026-03-10')).toEqual({
      fecha: '2026-03-10',
      cuentas: [],
      sin_asignar: { ves: 400, usd: -10 },
      totales: { ves: 400, usd: -10 },
    });
  });

  it('an edit of day 1 changes the accounts of days 2 to 30; moving a row to another account is −old/+new', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const banesco = await addCuenta(t, u, L, { nombre: 'Banesco', moneda: 'VES' });
    const provincial = await addCuenta(t, u, L, { nombre: 'Provincial', moneda: 'VES' });
    const tx = await addTransaction(t, u, L, '2026-05-01', { venta: 10, tasa_venta: 50, cuenta_ves_id: banesco.id } as never);
    expect(tx).toMatchObject({ cuenta_ves_id: banesco.id });
    expect(tx).not.toHaveProperty('cuenta_usd_id');
    for (let d = 2; d <= 30; d++) {
      if (d % 7 === 0)
        await addTransaction(t, u, L, `2026-05-${String(d).padStart(2, '0')}`, {
          compra: 1,
          tasa_compra: 50,
          cuenta_ves_id: banesco.id,
        } as never);
    }
    // 10 × 50 = 500 in; days 7, 14, 21, 28 each take 50 out: day 15 = 500 − 100 = 400; day 30 = 500 − 200 = 300
    expect((await cuentasAt(t, u, L, '2026-05-15')).cuentas.find((c) => c.nombre === 'Banesco')!.saldo).toBe(400);
    // Read day 30 once (cached), then edit day 1: 20 × 50 = 1000 in
    expect(((await balances(t, u, L, '2026-05-30')) as unknown as Extra).cuentas!.find((c) => c.nombre === 'Banesco')!.saldo).toBe(300);
    const put = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token: u.token,
      payload: { fecha: '2026-05-01', venta: 20, tasa_venta: 50, compra: 0, tasa_compra: 0, notas: '', version: tx.version },
    });
    expect(put.statusCode, put.body).toBe(200);
    // An edit that omits the accounts keeps them.
    expect(put.json().transaction.cuenta_ves_id).toBe(banesco.id);
    for (const [d, saldo] of [
      ['02', 1000],
      ['15', 900],
      ['30', 800],
    ] as const) {
      expect((await cuentasAt(t, u, L, `2026-05-${d}`)).cuentas.find((c) => c.nombre === 'Banesco')!.saldo).toBe(saldo);
    }
    expect(((await balances(t, u, L, '2026-05-30')) as unknown as Extra).cuentas!.find((c) => c.nombre === 'Banesco')!.saldo).toBe(800);
    // Move the row to Provincial: Banesco loses its 1000, Provincial gets them
    const moved = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token: u.token,
      payload: { fecha: '2026-05-01', venta: 20, tasa_venta: 50, compra: 0, tasa_compra: 0, notas: '', cuenta_ves_id: provincial.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const at30 = saldos(await cuentasAt(t, u, L, '2026-05-30'));
    // Banesco −200 (the four purchases), Provincial +1000, Sin asignar 0 (everything is in an account)
    expect(at30).toMatchObject({ Banesco: -200, Provincial: 1000, 'Sin asignar VES': 0 });
  });

  it('movements: update to another day names both days, delete and restore, idempotent creates bound to the request', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const events: LedgerEvent[] = [];
    const off = t.ctx.bus.onLedger((e) => events.push(e));
    const zelle = await addCuenta(t, u, L, { nombre: 'Zelle', moneda: 'USD', tipo: 'zelle' });
    const key = 'mov-key-1';
    const body = { tipo: 'aporte', fecha: '2026-06-01', moneda: 'USD', monto: '250', cuenta_destino_id: zelle.id, notas: 'capital' };
    const first = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/movimientos`,
      token: u.token,
      payload: body,
      headers: { 'idempotency-key': key },
    });
    const again = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/movimientos`,
      token: u.token,
      payload: body,
      headers: { 'idempotency-key': key },
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().movimiento.id).toBe(first.json().movimiento.id);
    const other = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/movimientos`,
      token: u.token,
      payload: { ...body, monto: '251' },
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
    const mov = first.json().movimiento;
    // An aporte's socio defaults to whoever records it; the default time of a past day is its noon in Caracas.
    expect(mov).toMatchObject({ miembro: { id: u.id }, ocurrido_en: '2026-06-01T16:00:00.000Z', tasa: null });
    expect((await cuentasAt(t, u, L, '2026-06-01')).cuentas[0]!.saldo).toBe(250);

    const put = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${L}/movimientos/${mov.id}`,
      token: u.token,
      payload: { ...body, fecha: '2026-06-03', monto: '300', version: 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().movimiento).toMatchObject({ fecha: '2026-06-03', monto: 300, version: 2 });
    const stale = await t.request({
      method: 'PUT',
      url: `/api/ledgers/${L}/movimientos/${mov.id}`,
      token: u.token,
      payload: { ...body, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(events.find((e) => e.type === 'MOVEMENT_UPDATED')).toMatchObject({
      event: 'balance-updated',
      fecha: '2026-06-01',
      fechas: ['2026-06-01', '2026-06-03'],
    });
    expect((await cuentasAt(t, u, L, '2026-06-02')).cuentas[0]!.saldo).toBe(0);
    expect((await cuentasAt(t, u, L, '2026-06-03')).cuentas[0]!.saldo).toBe(300);
    const list = await t.request({
      method: 'GET',
      url: `/api/ledgers/${L}/movimientos?desde=2026-06-01&hasta=2026-06-30&cuentaId=${zelle.id}`,
      token: u.token,
    });
    expect(list.json().map((m: { id: string }) => m.id)).toEqual([mov.id]);

    const del = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/movimientos/${mov.id}`, token: u.token });
    expect(del.statusCode).toBe(204);
    expect((await cuentasAt(t, u, L, '2026-06-03')).cuentas[0]!.saldo).toBe(0);
    expect(events.find((e) => e.type === 'MOVEMENT_DELETED')).toMatchObject({ fechas: ['2026-06-03'] });
    const activity = await t.request({ method: 'GET', url: `/api/ledgers/${L}/activity`, token: u.token });
    const entry = activity.json().find((a: { action: string }) => a.action === 'MOVEMENT_DELETED');
    expect(entry.before).toMatchObject({ id: mov.id, monto: '300.00', tipo: 'aporte' });
    const restore = await t.request({ method: 'POST', url: `/api/ledgers/${L}/activity/${entry.id}/restore`, token: u.token });
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await cuentasAt(t, u, L, '2026-06-03')).cuentas[0]!.saldo).toBe(300);
    off();
  });

  it('a reset deletes the day’s movements, returns its bases to inherited, and its undo restores them', async () => {
    const u = await createUser(t);
    const L = u.ledgerId;
    const bank = await addCuenta(t, u, L, { nombre: 'Banco', moneda: 'VES' });
    await setBase(t, u, L, '2026-07-01', '100.00', '10.00');
    await addMovimiento(t, u, L, {
      tipo: 'aporte',
      fecha: '2026-07-02',
      moneda: 'VES',
      monto: '50',
      tasa: '40',
      cuenta_destino_id: bank.id,
    });
    await addTransaction(t, u, L, '2026-07-02', { venta: 1, tasa_venta: 40, cuenta_ves_id: bank.id } as never);
    await setBase(t, u, L, '2026-07-02', '500.00', '10.00');
    // Day 2: explicit 500 + 40 + 50 = 590 Bs; Banco 90
    expect((await cuentasAt(t, u, L, '2026-07-02')).totales.ves).toBe(590);
    const reset = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/reset`, token: u.token, payload: { fecha: '2026-07-02' } });
    expect(reset.statusCode, reset.body).toBe(204);
    // Inherited from day 1: 100 Bs, 10 USD; nothing in Banco
    const after = await balances(t, u, L, '2026-07-02');
    expect(after.saldos_base).toMatchObject({ saldo_base_ves: 100, saldo_base_usd: 10, heredado: true });
    expect(saldos(await cuentasAt(t, u, L, '2026-07-02'))).toEqual({ Banco: 0, 'Sin asignar VES': 100, 'Sin asignar USD': 10 });
    const activity = await t.request({ method: 'GET', url: `/api/ledgers/${L}/activity`, token: u.token });
    const entry = activity.json().find((a: { action: string }) => a.action === 'LEDGER_DAY_RESET');
    const restore = await t.request({ method: 'POST', url: `/api/ledgers/${L}/activity/${entry.id}/restore`, token: u.token });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json()).toEqual({ restored: 2 });
    expect((await cuentasAt(t, u, L, '2026-07-02')).totales.ves).toBe(590);
    expect((await cuentasAt(t, u, L, '2026-07-02')).cuentas[0]!.saldo).toBe(90);
  });

  it("a cuadre's Telegram notice names the account and writes its figures es-ES in its currency", async () => {
    // socios walk: "saldo real 51580.75, diferencia -19.25", and no account named.
    const ana = await createUser(t, { name: 'Ana' });
    const beto = await createUser(t, { name: 'Beto' });
    const L = ana.ledgerId;
    await addMember(t, L, beto.id);
    await t.ctx.db.execute(sql`insert into telegram_links (user_id, chat_id) values (${beto.id}, ${Math.floor(Math.random() * 1e9)})`);
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco Bs', moneda: 'VES' });
    await addMovimiento(t, ana, L, {
      tipo: 'ajuste',
      fecha: '2026-11-27',
      moneda: 'VES',
      monto: '51600',
      cuenta_destino_id: banesco.id,
      notas: 'Saldo de apertura',
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/cuentas/${banesco.id}/cuadres`,
      token: ana.token,
      payload: { fecha: '2026-11-27', saldo_real: '51580.75' },
    });
    expect(res.statusCode, res.body).toBe(201);
    while ((await fanOutChanges(t.ctx.db, 'http://x')) > 0);
    const texts = (await t.ctx.db.execute<{ text: string }>(sql`select text from telegram_messages where user_id = ${beto.id}`)).rows;
    expect(texts.map((x) => x.text)).toContainEqual(
      expect.stringContaining(
        'Ana registró un cuadre de la cuenta «Banesco Bs» del 27/11/2026: saldo real 51.580,75 Bs.S, diferencia -19,25 Bs.S',
      ),
    );
  });

  it('a cuadre: the difference at once, sin_verificar, the ajuste that explains it, then Descuadrada after an edit of that day, told once on Telegram', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const L = ana.ledgerId;
    await t.ctx.db.execute(sql`insert into telegram_links (user_id, chat_id) values (${ana.id}, 4242)`);
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    const tx = await addTransaction(t, ana, L, '2026-08-10', { venta: 10, tasa_venta: 40, cuenta_ves_id: banesco.id } as never);
    // 10 × 40 = 400 in Banesco, unverified; the bank shows 390
    const res = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/cuentas/${banesco.id}/cuadres`,
      token: ana.token,
      payload: { fecha: '2026-08-10', saldo_real: '390' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cuadre).toMatchObject({
      fecha: '2026-08-10',
      saldo_real: 390,
      saldo_sistema: 400,
      diferencia: -10,
      sin_verificar: 400,
    });
    expect((await cuentasAt(t, ana, L, '2026-08-10')).cuentas[0]).toMatchObject({
      descuadrada: true,
      ultimo_cuadre: { fecha: '2026-08-10', saldo_real: 390, saldo_sistema: 400, diferencia: -10 },
    });
    // "Registrar ajuste por la diferencia": 10 Bs missing from Banesco
    await addMovimiento(t, ana, L, {
      tipo: 'ajuste',
      fecha: '2026-08-10',
      moneda: 'VES',
      monto: '10',
      cuenta_origen_id: banesco.id,
      notas: 'Cuadre del 10/08/2026',
    });
    expect((await cuentasAt(t, ana, L, '2026-08-10')).cuentas[0]!.descuadrada).toBe(false);
    const notices = async () =>
      (
        await t.ctx.db.execute<{ text: string }>(
          sql`select text from telegram_messages where user_id = ${ana.id} and dedupe_key like 'descuadre:%'`,
        )
      ).rows;
    expect(await notices()).toEqual([]);
    // A later edit of the confirmed day: 11 × 40 = 440 → 430 ≠ 390
    const put = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token: ana.token,
      payload: { fecha: '2026-08-10', venta: 11, tasa_venta: 40, compra: 0, tasa_compra: 0, notas: '' },
    });
    expect(put.statusCode).toBe(200);
    expect((await cuentasAt(t, ana, L, '2026-08-20')).cuentas[0]!.descuadrada).toBe(true);
    expect((await notices()).map((n) => n.text)).toEqual([expect.stringContaining('La cuenta Banesco quedó descuadrada al 10/08/2026')]);
    // Still descuadrada after another change: not told again
    await addTransaction(t, ana, L, '2026-08-09', { venta: 1, tasa_venta: 40, cuenta_ves_id: banesco.id } as never);
    expect(await notices()).toHaveLength(1);
    const list = await t.request({ method: 'GET', url: `/api/ledgers/${L}/cuentas/${banesco.id}/cuadres`, token: ana.token });
    expect(list.json()).toHaveLength(1);
  });
});
