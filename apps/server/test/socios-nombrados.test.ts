import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type SociosResponse } from '@arb/shared';
import { ledgerMembers } from '../src/db/schema.ts';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * `GET /api/ledgers/:id/socios` (docs/api.md#socios, DESIGN §28 "Former partners"): everyone a
 * retiro may name, by the rule the server checks a retiro with (one definition, isSocio). The web
 * pieced it together from the accounts, the last 120 closed periods and the movements since the
 * suggested period's start, which missed a partner named only by a retiro before the first aporte
 * (or only by an older closed period); the server's list does not.
 */
describe('the ledger’s partners, former ones included', () => {
  let t: TestApp;
  let ana: TestUser; // owner of L
  let beto: TestUser; // left; named only by a retiro dated before L's first aporte
  let eva: TestUser; // left; named only as an account's titular
  let diego: TestUser; // still a member, nothing else
  let vera: TestUser; // a viewer of L
  let olga: TestUser; // owner of M
  let carla: TestUser; // left M; named only by M's closed period
  let stranger: TestUser; // never in either ledger
  let L: string;
  let M: string;

  const leave = async (u: TestUser, ledgerId: string) => {
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${ledgerId}/leave`, token: u.token });
    expect(res.statusCode, res.body).toBe(204);
  };
  const socios = async (u: TestUser, ledgerId: string) => {
    const res = await t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/socios`, token: u.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SociosResponse).socios;
  };
  const retiro = (u: TestUser, ledgerId: string, miembroId: string) =>
    t.request({
      method: 'POST',
      url: `/api/ledgers/${ledgerId}/movimientos`,
      token: u.token,
      payload: { tipo: 'retiro', fecha: '2026-06-01', moneda: 'USD', monto: '1', miembroId },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const user = (name: string) => createUser(t, { name });
    ana = await user('Ana');
    beto = await user('Beto');
    eva = await user('Eva');
    diego = await user('Diego');
    vera = await user('Vera');
    olga = await user('Olga');
    carla = await user('Carla');
    stranger = await user('Otro');
    L = ana.ledgerId;
    M = olga.ledgerId;
    for (const u of [beto, eva, diego]) await addMember(t, L, u.id);
    await t.ctx.db.insert(ledgerMembers).values({ ledgerId: L, userId: vera.id, soloLectura: true });

    // Beto's retiro (from Sin asignar) is dated before the first aporte: the suggested period
    // starts at that aporte, so the movements the web read from there never named him.
    await addMovimiento(t, ana, L, { tipo: 'retiro', fecha: '2026-04-01', moneda: 'USD', monto: '10', miembroId: beto.id });
    await addMovimiento(t, ana, L, { tipo: 'aporte', fecha: '2026-05-04', moneda: 'USD', monto: '100', miembroId: ana.id });
    await addCuenta(t, ana, L, { nombre: 'Eva USD', moneda: 'USD', titularId: eva.id });
    await leave(beto, L);
    await leave(eva, L);

    // Carla was a member at the end of M's closed period, with no movement and no account.
    await addMember(t, M, carla.id);
    await addMovimiento(t, olga, M, { tipo: 'aporte', fecha: '2026-03-02', moneda: 'USD', monto: '50' });
    const closed = await t.request({
      method: 'POST',
      url: `/api/ledgers/${M}/liquidaciones`,
      token: olga.token,
      payload: { desde: '2026-03-01', hasta: '2026-03-31' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    await leave(carla, M);
  });
  afterAll(async () => t?.close());

  it('lists the members first, then whoever left but is named by a retiro, an account or a closed period', async () => {
    const list = await socios(ana, L);
    const members = list.filter((s) => !s.ex_miembro).map((s) => s.user_name);
    expect(members.sort()).toEqual(['Ana', 'Diego', 'Vera']);
    expect(list.slice(0, 3).every((s) => !s.ex_miembro)).toBe(true);
    expect(list.slice(3)).toEqual([
      { userId: beto.id, user_name: 'Beto', ex_miembro: true },
      { userId: eva.id, user_name: 'Eva', ex_miembro: true },
    ]);

    expect(await socios(olga, M)).toEqual([
      { userId: olga.id, user_name: 'Olga', ex_miembro: false },
      { userId: carla.id, user_name: 'Carla', ex_miembro: true },
    ]);
  });

  it('is the rule a retiro is checked with: each one listed is accepted, a stranger is in neither', async () => {
    for (const s of await socios(ana, L)) {
      const res = await retiro(ana, L, s.userId);
      expect(res.statusCode, `${s.user_name}: ${res.body}`).toBe(201);
    }
    const carlas = await retiro(olga, M, carla.id);
    expect(carlas.statusCode, carlas.body).toBe(201);

    expect((await socios(ana, L)).some((s) => s.userId === stranger.id)).toBe(false);
    const refused = await retiro(ana, L, stranger.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { miembroId: messages.movMiembroInvalido } });
  });

  it('a viewer reads it; someone outside the ledger (a former partner too) gets 404', async () => {
    expect((await socios(vera, L)).length).toBe(5);
    for (const u of [stranger, beto]) {
      const res = await t.request({ method: 'GET', url: `/api/ledgers/${L}/socios`, token: u.token });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
