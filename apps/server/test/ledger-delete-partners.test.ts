import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * DESIGN §28 "Former partners", decision 0059: the owner cannot delete their own ledger while
 * another member and any account or movement are there (the same LEDGER_CON_SOCIOS rule as the
 * admin's delete of the owner, decision 0055), and neither delete can lose an account created at
 * the same moment: the ledger row is locked before the check.
 */
/**
 * Runs `request` while an account of `titularId` is written but not committed (its transaction
 * holds a key-share lock on the ledger row): the request must wait for it, then see it once committed.
 */
async function whileAccountInFlight(
  t: TestApp,
  ledgerId: string,
  titularId: string,
  nombre: string,
  request: () => Promise<Awaited<ReturnType<TestApp['request']>>>,
) {
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into cuentas (ledger_id, nombre, nombre_clave, moneda, tipo, titular_id, created_by) values ($1, $2, lower($2), 'USD', 'zelle', $3, $3)`,
      [ledgerId, nombre, titularId],
    );
    const pending = request();
    let settled = false;
    void pending.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    await client.query('commit');
    return await pending;
  } finally {
    client.release();
  }
}

describe('deleting a ledger partners keep money in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const exists = async (ledgerId: string) =>
    (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledgers where id = ${ledgerId}`)).rows[0]!.n === 1;
  const count = async (table: 'cuentas' | 'movimientos', ledgerId: string) =>
    (await t.database.pool.query(`select count(*)::int as n from ${table} where ledger_id = $1`, [ledgerId])).rows[0].n as number;
  const deleteLedger = (u: TestUser, ledgerId: string) => t.request({ method: 'DELETE', url: `/api/ledgers/${ledgerId}`, token: u.token });
  const REFUSED = {
    code: 'LEDGER_CON_SOCIOS',
    error:
      'El registro tiene otros miembros y cuentas o movimientos: transfiere primero la propiedad a otro miembro y sal del registro, en lugar de eliminarlo',
  };

  it('the owner gets 409 while a partner keeps an account there; handing over and leaving is the way out', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const beto = await createUser(t, { name: 'Beto' });
    const L = ana.ledgerId;
    await addMember(t, L, beto.id, true);
    await addCuenta(t, ana, L, { nombre: 'Banesco Beto', moneda: 'VES', titularId: beto.id });

    const refused = await deleteLedger(ana, L);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual(REFUSED);
    expect(await exists(L)).toBe(true);
    expect(await count('cuentas', L)).toBe(1);

    // Ana hands the ledger to Beto and leaves: Beto keeps his account, and the ledger is his to delete.
    expect(
      (await t.request({ method: 'PUT', url: `/api/ledgers/${L}/owner`, token: ana.token, payload: { userId: beto.id } })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/leave`, token: ana.token })).statusCode).toBe(204);
    const done = await deleteLedger(beto, L);
    expect(done.statusCode, done.body).toBe(204);
    expect(await exists(L)).toBe(false);
  });

  it('a movement alone (an aporte of a partner, no account) is enough to refuse', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const beto = await createUser(t, { name: 'Beto' });
    const L = ana.ledgerId;
    await addMember(t, L, beto.id, true);
    await addMovimiento(t, beto, L, { tipo: 'aporte', fecha: '2026-10-01', moneda: 'USD', monto: '100', miembroId: beto.id });
    expect((await deleteLedger(ana, L)).json()).toEqual(REFUSED);
    expect(await count('movimientos', L)).toBe(1);
  });

  it('an account being created while the owner deletes: the delete waits for it, then refuses', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const beto = await createUser(t, { name: 'Beto' });
    const L = ana.ledgerId;
    await addMember(t, L, beto.id, true); // a partner, but nothing of theirs yet: deletable right now
    const res = await whileAccountInFlight(t, L, beto.id, 'Zelle Beto', () => deleteLedger(ana, L));
    // Without the lock the check saw no account, the delete waited on the same row and then
    // took Beto's committed account with it (204).
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual(REFUSED);
    expect(await count('cuentas', L)).toBe(1);
  });

  it('the same race against the admin deleting the owner: refused, nothing lost', async () => {
    const admin = await createUser(t, { role: 'ADMIN', name: 'Admin' });
    const dora = await createUser(t, { name: 'Dora' });
    const eli = await createUser(t, { name: 'Eli' });
    const L = dora.ledgerId;
    await addMember(t, L, eli.id, true);
    const res = await whileAccountInFlight(t, L, eli.id, 'Caja Eli', () =>
      t.request({ method: 'DELETE', url: `/api/admin/users/${dora.id}`, token: admin.token }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LEDGER_CON_SOCIOS' });
    expect(await exists(L)).toBe(true);
    expect(await count('cuentas', L)).toBe(1);
  });

  it('unchanged: the only member may delete a ledger with accounts; members without accounts or movements do not block', async () => {
    const solo = await createUser(t, { name: 'Solo' });
    await addCuenta(t, solo, solo.ledgerId, { nombre: 'Caja', moneda: 'USD' });
    expect((await deleteLedger(solo, solo.ledgerId)).statusCode).toBe(204);
    const fran = await createUser(t, { name: 'Fran' });
    const gus = await createUser(t, { name: 'Gus' });
    await addMember(t, fran.ledgerId, gus.id);
    expect((await deleteLedger(fran, fran.ledgerId)).statusCode).toBe(204);
  });
});
