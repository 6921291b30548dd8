import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '@arb/shared';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { changeMessage } from '../src/services/telegram/change-message.ts';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * docs/product.md#socios-y-liquidacion "Former partners" (DESIGN §28): the owner hands the ledger
 * to a member (PUT /api/ledgers/:id/owner), and an admin cannot delete the owner of a ledger other
 * members keep accounts or movements in (409 LEDGER_CON_SOCIOS) until it is handed over.
 */
describe('handing a ledger over', () => {
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser; // member with 'Modificar saldos'
  let vera: TestUser; // a viewer
  let otro: TestUser; // not a member
  let L: string;
  const events: LedgerEvent[] = [];

  const transfer = (u: TestUser, body: unknown, ledgerId = L) =>
    t.request({ method: 'PUT', url: `/api/ledgers/${ledgerId}/owner`, token: u.token, payload: body as object });
  const memberRow = async (userId: string) =>
    (
      await t.ctx.db.execute<{ can: boolean; solo: boolean }>(
        sql`select can_modify_balance as can, solo_lectura as solo from ledger_members where ledger_id = ${L} and user_id = ${userId}`,
      )
    ).rows[0];
  const ownerOf = async (ledgerId: string) =>
    (await t.ctx.db.execute<{ owner: string }>(sql`select owner_id::text as owner from ledgers where id = ${ledgerId}`)).rows[0]?.owner;

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
  });
  afterAll(async () => t.close());

  it('only the owner may hand over, only to a current member other than themself', async () => {
    expect((await transfer(beto, { userId: beto.id })).statusCode).toBe(403);
    expect((await transfer(vera, { userId: vera.id })).statusCode).toBe(403);
    const outsider = await transfer(otro, { userId: otro.id });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ error: 'Registro no encontrado', code: 'NOT_FOUND' });
    const notMember = await transfer(ana, { userId: otro.id });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json()).toMatchObject({ error: 'El nuevo propietario debe ser miembro del registro', code: 'VALIDATION_ERROR' });
    const self = await transfer(ana, { userId: ana.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: 'Ya eres el propietario de este registro', code: 'VALIDATION_ERROR' });
    expect((await transfer(ana, { userId: 'no-es-un-id' })).statusCode).toBe(400);
    expect((await transfer(ana, {})).statusCode).toBe(400);
    expect(await ownerOf(L)).toBe(ana.id);
  });

  it('a viewer named owner loses "Solo lectura"; one change: activity before/after, ledger-updated, a notice text', async () => {
    const before = events.length;
    const res = await transfer(ana, { userId: vera.id });
    expect(res.statusCode, res.body).toBe(200);
    const ledger = (res.json() as { ledger: Ledger }).ledger;
    expect(ledger.ownerId).toBe(vera.id);
    expect(await ownerOf(L)).toBe(vera.id);
    // The owner always holds every right (docs/product.md "Permissions"); the previous owner stays a member who may modify balances.
    expect(await memberRow(vera.id)).toEqual({ can: true, solo: false });
    expect(await memberRow(ana.id)).toEqual({ can: true, solo: false });
    expect(events.slice(before)).toEqual([
      expect.objectContaining({ event: 'ledger-updated', type: 'OWNER_CHANGED', ledgerId: L, byUserId: ana.id, userId: vera.id }),
    ]);
    const act = await t.ctx.db.execute<{ action: string; user_id: string; before: unknown; after: unknown; fecha: string | null }>(
      sql`select action, user_id::text, before, after, fecha from activity where ledger_id = ${L} and action = 'LEDGER_OWNER_CHANGED'`,
    );
    expect(act.rows).toHaveLength(1);
    expect(act.rows[0]).toMatchObject({
      user_id: ana.id,
      before: { ownerId: ana.id, owner: { user_name: 'Ana' }, member: { soloLectura: true, canModifyBalance: false } },
      after: { ownerId: vera.id, owner: { user_name: 'Vera' }, member: { soloLectura: false, canModifyBalance: true } },
    });
    // The Telegram notice the other members get (docs/product.md#telegram-notices).
    const text = changeMessage({ ledgerId: L, ledgerName: 'Mi Registro', actorName: 'Ana', rows: [act.rows[0]!], appUrl: 'https://x' });
    expect(text?.split('\n')[1]).toBe('Ana transfirió la propiedad del registro a Vera.');

    // The new owner manages; the previous one no longer may.
    expect((await transfer(ana, { userId: beto.id })).statusCode).toBe(403);
    const back = await transfer(vera, { userId: ana.id });
    expect(back.statusCode, back.body).toBe(200);
    expect(await ownerOf(L)).toBe(ana.id);
  });

  it('an admin cannot delete the owner of a ledger whose other members keep accounts or movements, until it is handed over', async () => {
    const admin = await createUser(t, { role: 'ADMIN', name: 'Admin' });
    const dora = await createUser(t, { name: 'Dora' });
    const eli = await createUser(t, { name: 'Eli' });
    const D = dora.ledgerId;
    await t.ctx.db.execute(sql`update ledgers set name = 'Sociedad Dora' where id = ${D}`);
    await addMember(t, D, eli.id, true);
    const cuenta = await addCuenta(t, dora, D, { nombre: 'Caja', moneda: 'USD' });
    await addMovimiento(t, eli, D, {
      tipo: 'aporte',
      fecha: '2026-10-01',
      moneda: 'USD',
      monto: '100',
      cuenta_destino_id: cuenta.id,
      miembroId: eli.id,
    });

    const del = () => t.request({ method: 'DELETE', url: `/api/admin/users/${dora.id}`, token: admin.token });
    const refused = await del();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      error:
        'El registro «Sociedad Dora» tiene otros miembros y cuentas o movimientos: transfiere primero la propiedad a otro miembro antes de eliminar a este usuario',
      code: 'LEDGER_CON_SOCIOS',
    });
    // Nothing happened: Dora and her ledger are there.
    expect(await ownerOf(D)).toBe(dora.id);

    expect((await transfer(dora, { userId: eli.id }, D)).statusCode).toBe(200);
    const done = await del();
    expect(done.statusCode, done.body).toBe(204);
    // The ledger survives with Eli as its owner, its movement kept.
    expect(await ownerOf(D)).toBe(eli.id);
    const movs = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from movimientos where ledger_id = ${D}`);
    expect(movs.rows[0]!.n).toBe(1);
  });

  it('the owner of a ledger with members but no accounts or movements, or with accounts but no other member, is deleted as before', async () => {
    const admin = await createUser(t, { role: 'ADMIN', name: 'Admin 2' });
    const fran = await createUser(t, { name: 'Fran' });
    const gus = await createUser(t, { name: 'Gus' });
    await addMember(t, fran.ledgerId, gus.id);
    const solo = await createUser(t, { name: 'Solo' });
    await addCuenta(t, solo, solo.ledgerId, { nombre: 'Caja', moneda: 'USD' });
    for (const u of [fran, solo]) {
      const res = await t.request({ method: 'DELETE', url: `/api/admin/users/${u.id}`, token: admin.token });
      expect(res.statusCode, res.body).toBe(204);
      expect(await ownerOf(u.ledgerId)).toBeUndefined();
    }
  });
});
