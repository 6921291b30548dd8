import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@arb/shared';
import { addCuenta, addMovimiento, cuentasAt } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/** Permissions and bad input of accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos). */
describe('accounts: permissions and errors', () => {
  let t: TestApp;
  let owner: TestUser;
  let holder: TestUser;
  let plain: TestUser;
  let outsider: TestUser;
  let L: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { name: 'Ana' });
    holder = await createUser(t, { name: 'Carla' });
    plain = await createUser(t, { name: 'Beto' });
    outsider = await createUser(t, { name: 'Otro' });
    L = owner.ledgerId;
    await addMember(t, L, holder.id, true);
    await addMember(t, L, plain.id, false);
  });
  afterAll(async () => t.close());

  const req = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.request({ method, url, token: user.token, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('the balance permission writes, every member reads, a non-member gets 404', async () => {
    const cuenta = await addCuenta(t, holder, L, { nombre: 'Mercantil Carla', moneda: 'VES' });
    expect(cuenta.titular).toEqual({ id: holder.id, user_name: 'Carla' });
    const mov = { tipo: 'transferencia', fecha: '2026-03-01', moneda: 'VES', monto: '10', cuenta_destino_id: cuenta.id };
    const cuadre = { fecha: '2026-03-01', saldo_real: '10' };
    // A plain member reads …
    expect((await req(plain, 'GET', `/api/ledgers/${L}/cuentas?fecha=2026-03-01`)).statusCode).toBe(200);
    expect((await req(plain, 'GET', `/api/ledgers/${L}/movimientos?desde=2026-03-01&hasta=2026-03-31`)).statusCode).toBe(200);
    expect((await req(plain, 'GET', `/api/ledgers/${L}/cuentas/${cuenta.id}/cuadres`)).statusCode).toBe(200);
    // … and writes nothing
    for (const [method, url, body] of [
      ['POST', `/api/ledgers/${L}/cuentas`, { nombre: 'X', moneda: 'VES', tipo: 'banco' }],
      ['PUT', `/api/ledgers/${L}/cuentas/${cuenta.id}`, { nombre: 'Y' }],
      ['DELETE', `/api/ledgers/${L}/cuentas/${cuenta.id}`, undefined],
      ['POST', `/api/ledgers/${L}/movimientos`, mov],
      ['POST', `/api/ledgers/${L}/cuentas/${cuenta.id}/cuadres`, cuadre],
    ] as const) {
      const res = await req(plain, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'No tienes permiso para modificar cuentas ni movimientos', code: 'FORBIDDEN' });
      const out = await req(outsider, method, url, body);
      expect(out.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await req(outsider, 'GET', `/api/ledgers/${L}/cuentas`)).statusCode).toBe(404);
    expect((await req(outsider, 'GET', `/api/ledgers/${L}/movimientos?desde=2026-03-01&hasta=2026-03-31`)).statusCode).toBe(404);
    expect((await req(outsider, 'GET', `/api/ledgers/${L}/cuentas/${cuenta.id}/cuadres`)).statusCode).toBe(404);
    // The plain member's movement/edit/delete of an existing movement: 403 too
    const m = await addMovimiento(t, owner, L, mov);
    expect((await req(plain, 'PUT', `/api/ledgers/${L}/movimientos/${m.id}`, mov)).statusCode).toBe(403);
    expect((await req(plain, 'DELETE', `/api/ledgers/${L}/movimientos/${m.id}`)).statusCode).toBe(403);
    expect((await req(outsider, 'DELETE', `/api/ledgers/${L}/movimientos/${m.id}`)).statusCode).toBe(404);
    // Choosing accounts on a transaction follows the transaction's permission: a plain member may.
    const tx = await addTransaction(t, plain, L, '2026-03-01', { venta: 1, tasa_venta: 40, cuenta_ves_id: cuenta.id } as never);
    expect(tx.cuenta_ves_id).toBe(cuenta.id);
  });

  it('names are unique among active accounts, case- and accent-insensitive; an archived name can be reused', async () => {
    const first = await addCuenta(t, owner, L, { nombre: 'Pago Móvil', moneda: 'VES', tipo: 'pago_movil' });
    const dup = await req(owner, 'POST', `/api/ledgers/${L}/cuentas`, { nombre: '  pago   movil ', moneda: 'USD', tipo: 'otra' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CUENTA_DUPLICADA', error: 'Ya existe una cuenta con ese nombre en este registro' });
    const archived = await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${first.id}`, { archivada: true, version: 1 });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().cuenta).toMatchObject({ archivada: true, version: 2 });
    await addCuenta(t, owner, L, { nombre: 'PAGO MOVIL', moneda: 'VES' });
    // Bringing the first one back would make two active accounts with one name
    const back = await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${first.id}`, { archivada: false });
    expect(back.json().code).toBe('CUENTA_DUPLICADA');
  });

  it('bad account requests: a stale version, a foreign titular, a used account’s currency and deletion, archiving with a balance', async () => {
    const c = await addCuenta(t, owner, L, { nombre: 'Provincial', moneda: 'VES' });
    const bad = await req(owner, 'POST', `/api/ledgers/${L}/cuentas`, { nombre: '', moneda: 'EUR', tipo: 'banco' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ nombre: 'El nombre de la cuenta debe tener entre 1 y 60 caracteres' });
    const foreign = await req(owner, 'POST', `/api/ledgers/${L}/cuentas`, {
      nombre: 'Z',
      moneda: 'VES',
      tipo: 'banco',
      titularId: outsider.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('El titular debe ser un miembro del registro');
    expect((await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${c.id}`, { nombre: 'Prov', version: 7 })).json().code).toBe(
      'STALE_VERSION',
    );
    // Unused: its currency may change, and it may be deleted
    expect((await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${c.id}`, { moneda: 'USD' })).statusCode).toBe(200);
    expect((await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${c.id}`, { moneda: 'VES' })).statusCode).toBe(200);
    const used = await addCuenta(t, owner, L, { nombre: 'Usada', moneda: 'VES' });
    await addTransaction(t, owner, L, '2026-03-02', { venta: 1, tasa_venta: 40, cuenta_ves_id: used.id } as never);
    const moneda = await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${used.id}`, { moneda: 'USD' });
    expect(moneda.statusCode).toBe(409);
    expect(moneda.json().code).toBe('CUENTA_EN_USO');
    const del = await req(owner, 'DELETE', `/api/ledgers/${L}/cuentas/${used.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ error: 'La cuenta tiene movimientos: archívala', code: 'CUENTA_EN_USO' });
    // 40 Bs in it: archiving needs a zero balance
    const arch = await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${used.id}`, { archivada: true });
    expect(arch.statusCode).toBe(409);
    expect(arch.json()).toEqual({ error: 'Transfiere el saldo antes de archivar', code: 'CUENTA_CON_SALDO' });
    expect((await req(owner, 'DELETE', `/api/ledgers/${L}/cuentas/${c.id}`)).statusCode).toBe(204);
    // Emptied by a transfer to Sin asignar, it archives; an archived account with a zero balance is listed only on request
    await addMovimiento(t, owner, L, { tipo: 'transferencia', fecha: '2026-03-02', moneda: 'VES', monto: '40', cuenta_origen_id: used.id });
    expect((await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${used.id}`, { archivada: true })).statusCode).toBe(200);
    expect((await cuentasAt(t, owner, L, '2026-03-02')).cuentas.map((x) => x.nombre)).not.toContain('Usada');
    const all = await req(owner, 'GET', `/api/ledgers/${L}/cuentas?fecha=2026-03-02&archivadas=true`);
    expect(all.json().cuentas.find((x: { nombre: string }) => x.nombre === 'Usada')).toMatchObject({ archivada: true, saldo: 0 });
  });

  it('CUENTA_INVALIDA: another ledger’s account, the wrong currency or an archived one — only when the request sets a different account', async () => {
    const ves = await addCuenta(t, owner, L, { nombre: 'Venezuela', moneda: 'VES' });
    const usd = await addCuenta(t, owner, L, { nombre: 'Dólares', moneda: 'USD' });
    const theirs = await addCuenta(t, outsider, outsider.ledgerId, { nombre: 'Ajena', moneda: 'VES' });
    const post = (body: object) =>
      req(owner, 'POST', '/api/transactions', { ledgerId: L, fecha: '2026-03-03', venta: 1, tasa_venta: 40, ...body });
    for (const body of [
      { cuenta_ves_id: usd.id },
      { cuenta_usd_id: ves.id },
      { cuenta_ves_id: theirs.id },
      { cuenta_ves_id: 'no-es-uuid' },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/CUENTA_INVALIDA|VALIDATION_ERROR/), error: expect.any(String) });
    }
    expect((await post({ cuenta_ves_id: usd.id })).json()).toMatchObject({
      code: 'CUENTA_INVALIDA',
      error: 'La cuenta no pertenece a este registro o no es de la moneda correcta',
    });
    // A row keeps its account after the account is archived; a new row may not name it
    const row = await post({ cuenta_ves_id: ves.id });
    expect(row.statusCode).toBe(201);
    const tx = row.json().transaction;
    const out = await addMovimiento(t, owner, L, {
      tipo: 'retiro',
      fecha: '2026-03-03',
      moneda: 'VES',
      monto: '40',
      tasa: '40',
      cuenta_origen_id: ves.id,
    });
    expect(out.miembro).toEqual({ id: owner.id, user_name: 'Ana' });
    expect((await req(owner, 'PUT', `/api/ledgers/${L}/cuentas/${ves.id}`, { archivada: true })).statusCode).toBe(200);
    expect((await post({ cuenta_ves_id: ves.id })).json().code).toBe('CUENTA_INVALIDA');
    const keep = await req(owner, 'PUT', `/api/transactions/${tx.id}`, {
      fecha: '2026-03-03',
      venta: 2,
      tasa_venta: 40,
      compra: 0,
      tasa_compra: 0,
      notas: 'x',
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().transaction.cuenta_ves_id).toBe(ves.id);
    const moveIn = await req(owner, 'PUT', `/api/transactions/${tx.id}`, {
      fecha: '2026-03-03',
      venta: 2,
      tasa_venta: 40,
      compra: 0,
      tasa_compra: 0,
      cuenta_ves_id: theirs.id,
    });
    expect(moveIn.json().code).toBe('CUENTA_INVALIDA');
    // A movement into the wrong currency's account
    const wrong = await req(owner, 'POST', `/api/ledgers/${L}/movimientos`, {
      tipo: 'aporte',
      fecha: '2026-03-03',
      moneda: 'USD',
      monto: '5',
      cuenta_destino_id: ves.id,
    });
    expect(wrong.json().code).toBe('CUENTA_INVALIDA');
  });

  it('a cuadre’s bad saldo_real is named as the cuadre’s, not as a base balance', async () => {
    const c = await addCuenta(t, owner, L, { nombre: 'Cuenta Cuadre', moneda: 'USD' });
    for (const saldo_real of ['-5', '1.234', 'mil']) {
      const res = await req(owner, 'POST', `/api/ledgers/${L}/cuentas/${c.id}/cuadres`, { fecha: '2026-03-04', saldo_real });
      expect(res.statusCode, saldo_real).toBe(400);
      expect(res.json(), saldo_real).toMatchObject({ code: 'VALIDATION_ERROR', fields: { saldo_real: messages.cuadreSaldoInvalido } });
    }
  });

  it('bad movements: same account, both sides empty, negative or over-precise amounts, an ajuste without a reason, a VES aporte without a rate, a time off its day', async () => {
    const a = await addCuenta(t, owner, L, { nombre: 'Cuenta A', moneda: 'VES' });
    const base = { tipo: 'transferencia', fecha: '2026-03-04', moneda: 'VES', monto: '10' };
    const cases: Array<[object, string, string]> = [
      [{ cuenta_origen_id: a.id, cuenta_destino_id: a.id }, 'cuenta_destino_id', 'La cuenta de origen y la de destino deben ser distintas'],
      [{}, 'cuenta_destino_id', 'Una transferencia necesita una cuenta de origen o de destino'],
      [{ monto: '-5', cuenta_destino_id: a.id }, 'monto', 'El monto debe ser un número no negativo con hasta 2 decimales'],
      [{ monto: '0', cuenta_destino_id: a.id }, 'monto', 'El monto debe ser mayor que 0 y tener como máximo 2 decimales'],
      [{ monto: '1.234', cuenta_destino_id: a.id }, 'monto', 'El monto debe ser un número no negativo con hasta 2 decimales'],
      [{ tipo: 'ajuste', cuenta_destino_id: a.id }, 'notas', 'Indica el motivo del ajuste'],
      [{ tipo: 'ajuste', notas: 'x' }, 'sentido', 'Un ajuste sin cuenta debe indicar si es entrada o salida'],
      [{ tipo: 'aporte', cuenta_origen_id: a.id, tasa: '40' }, 'cuenta_origen_id', 'Un aporte solo tiene cuenta de destino'],
      [{ tipo: 'retiro', cuenta_destino_id: a.id, tasa: '40' }, 'cuenta_destino_id', 'Un retiro solo tiene cuenta de origen'],
      [{ tipo: 'aporte', comision: '1', tasa: '40' }, 'comision', 'Solo una transferencia lleva comisión'],
      [{ cuenta_destino_id: a.id, ocurrido_en: '2026-03-05T18:00:00Z' }, 'ocurrido_en', 'La hora del movimiento debe caer en su fecha'],
    ];
    for (const [over, field, message] of cases) {
      const res = await req(owner, 'POST', `/api/ledgers/${L}/movimientos`, { ...base, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().error, JSON.stringify(over)).toBe(message);
    }
    const noRate = await req(owner, 'POST', `/api/ledgers/${L}/movimientos`, { ...base, tipo: 'aporte', cuenta_destino_id: a.id });
    expect(noRate.statusCode).toBe(422);
    expect(noRate.json()).toMatchObject({ code: 'TASA_REQUERIDA', error: 'Indica la tasa para valorar el aporte en USD' });
    // With a parallel rate fetched that day (or before), it is the default, stored with the movement
    await t.ctx.db.execute(
      sql`insert into rate_snapshots (source, fuente, promedio, fetched_at) values ('paralelo', 'DolarApi paralelo', 41.5, '2026-03-02T15:00:00Z')`,
    );
    const rated = await addMovimiento(t, owner, L, { ...base, tipo: 'aporte', cuenta_destino_id: a.id });
    expect(rated.tasa).toBe(41.5);
    // Nothing was written by the refused requests: only the aporte moved the account
    expect((await cuentasAt(t, owner, L, '2026-03-04')).cuentas.find((c) => c.nombre === 'Cuenta A')!.saldo).toBe(10);
  });
});
