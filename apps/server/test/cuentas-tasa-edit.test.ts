import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovimientoJson } from '@arb/shared';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

/**
 * DESIGN §28 "The rate of a day": a defaulted aporte/retiro `tasa` is resolved once, at creation,
 * and stored. An edit that does not send `tasa` used to resolve it again: once the day's history
 * value arrived (45 where the creation had found the day before's 40), correcting a note revalued
 * the partner's capital and every settlement after it. Now an omitted `tasa` keeps the stored one;
 * `tasa: null` asks for the day's rate again.
 */
describe('an edited VES aporte keeps its rate', () => {
  let t: TestApp;
  let ana: TestUser;
  let L: string;
  let mov: MovimientoJson;
  const fecha = '2026-03-04';

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    L = ana.ledgerId;
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    // Only a live value of an earlier day: the rate of the 4th is, for now, 40.
    await t.ctx.db.execute(
      sql`insert into rate_snapshots (source, fuente, promedio, fetched_at) values ('paralelo', 'DolarApi paralelo', 40, '2026-03-02T15:00:00Z')`,
    );
    mov = await addMovimiento(t, ana, L, { tipo: 'aporte', fecha, moneda: 'VES', monto: '4000', cuenta_destino_id: banesco.id });
    expect(mov.tasa).toBe(40);
    // Later the history fills the 4th itself.
    await t.ctx.db.execute(sql`insert into rate_history (source, fecha, promedio) values ('paralelo', ${fecha}, 45)`);
  });
  afterAll(async () => t?.close());

  const put = (payload: object) =>
    t.request({
      method: 'PUT',
      url: `/api/ledgers/${L}/movimientos/${mov.id}`,
      token: ana.token,
      payload: { tipo: 'aporte', moneda: 'VES', monto: '4000', cuenta_destino_id: mov.cuenta_destino_id, ...payload },
    });

  it('an edit without tasa keeps the stored one, also when it moves the aporte to another day', async () => {
    const notes = await put({ fecha, notas: 'aporte de marzo' });
    expect(notes.statusCode, notes.body).toBe(200);
    expect((notes.json() as { movimiento: MovimientoJson }).movimiento).toMatchObject({ tasa: 40, notas: 'aporte de marzo' });
    const moved = await put({ fecha: '2026-03-05', notas: 'aporte de marzo' });
    expect((moved.json() as { movimiento: MovimientoJson }).movimiento).toMatchObject({ tasa: 40, fecha: '2026-03-05' });
  });

  it('tasa: null asks for the rate of the day again; a given one is stored as given', async () => {
    const again = await put({ fecha, tasa: null });
    expect((again.json() as { movimiento: MovimientoJson }).movimiento.tasa).toBe(45);
    const given = await put({ fecha, tasa: '44.5' });
    expect((given.json() as { movimiento: MovimientoJson }).movimiento.tasa).toBe(44.5);
  });
});
