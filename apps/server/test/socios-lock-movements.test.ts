import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovimientoJson } from '@arb/shared';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

/**
 * docs/product.md#socios-y-liquidacion, DESIGN §28 "The lock": the closed-period lock refuses a movement
 * whose old or new `fecha` lies in a closed period — editing or deleting one dated inside, and moving
 * one from outside into the period — and nothing of the refused write is stored.
 */
describe('socios: the closed-period lock on movements', () => {
  let t: TestApp;
  let ana: TestUser;
  let L: string;
  let cuenta: string;
  let inside: MovimientoJson;
  let outside: MovimientoJson;
  const LOCKED = { error: 'Este día pertenece a un período liquidado (01/10/2026 – 10/10/2026)', code: 'PERIODO_CERRADO' };

  const put = (m: MovimientoJson, changes: Record<string, unknown>) =>
    t.request({
      method: 'PUT',
      url: `/api/ledgers/${L}/movimientos/${m.id}`,
      token: ana.token,
      payload: { tipo: 'aporte', fecha: m.fecha, moneda: 'USD', monto: m.monto, cuenta_destino_id: cuenta, version: m.version, ...changes },
    });
  const stored = async () =>
    (
      await t.ctx.db.execute<{ fecha: string; monto: string }>(
        sql`select fecha::text as fecha, monto::text as monto from movimientos where ledger_id = ${L} order by fecha`,
      )
    ).rows.map((r) => `${r.fecha} ${Number(r.monto)}`);

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    L = ana.ledgerId;
    cuenta = (await addCuenta(t, ana, L, { nombre: 'Ana USD', moneda: 'USD', tipo: 'binance' })).id;
    inside = await addMovimiento(t, ana, L, {
      tipo: 'aporte',
      fecha: '2026-10-05',
      moneda: 'USD',
      monto: '1000',
      cuenta_destino_id: cuenta,
    });
    outside = await addMovimiento(t, ana, L, {
      tipo: 'aporte',
      fecha: '2026-10-15',
      moneda: 'USD',
      monto: '50',
      cuenta_destino_id: cuenta,
    });
    const closed = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/liquidaciones`,
      token: ana.token,
      payload: { desde: '2026-10-01', hasta: '2026-10-10' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
  });
  afterAll(async () => t.close());

  it('editing a movement dated inside is refused, also when the edit would move it out', async () => {
    const amount = await put(inside, { monto: '900' });
    expect(amount.statusCode, amount.body).toBe(409);
    expect(amount.json()).toEqual(LOCKED);
    // Its old day is closed, so leaving the period is a change to it too.
    const away = await put(inside, { fecha: '2026-10-20' });
    expect(away.statusCode, away.body).toBe(409);
    expect(away.json()).toEqual(LOCKED);
    expect(await stored()).toEqual(['2026-10-05 1000', '2026-10-15 50']);
  });

  it('deleting a movement dated inside is refused', async () => {
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/movimientos/${inside.id}`, token: ana.token });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual(LOCKED);
    expect(await stored()).toEqual(['2026-10-05 1000', '2026-10-15 50']);
  });

  it('moving a movement from outside into the closed period is refused; within open days it is not', async () => {
    const into = await put(outside, { fecha: '2026-10-10' });
    expect(into.statusCode, into.body).toBe(409);
    expect(into.json()).toEqual(LOCKED);
    expect(await stored()).toEqual(['2026-10-05 1000', '2026-10-15 50']);
    // The control: the same edit to an open day goes through (the refusal above is the lock's).
    const open = await put(outside, { fecha: '2026-10-11' });
    expect(open.statusCode, open.body).toBe(200);
    expect(await stored()).toEqual(['2026-10-05 1000', '2026-10-11 50']);
    const del = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/movimientos/${outside.id}`, token: ana.token });
    expect(del.statusCode, del.body).toBe(204);
  });
});
