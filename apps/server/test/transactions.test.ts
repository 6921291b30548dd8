import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../src/lib/ledger-events.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, type TxJson } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const DAY = '2026-11-20';

describe('transactions API', () => {
  let t: TestApp;
  let owner: TestUser;
  let events: LedgerEvent[];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { name: 'Dueña' });
    events = [];
    t.ctx.bus.onLedger((e) => events.push(e));
  });
  afterAll(async () => t.close());

  it('creates a transaction, computing the figures on the server and ignoring a client ganancia', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions',
      token: owner.token,
      payload: {
        ledgerId: owner.ledgerId,
        fecha: DAY,
        venta: 100,
        tasa_venta: '40.50',
        compra: '100',
        tasa_compra: 40,
        notas: ' hola ',
        ganancia: 999999,
      },
    });
    expect(res.statusCode).toBe(201);
    const { transaction } = res.json() as { transaction: TxJson };
    // 100 × 40.50 = 4050; 100 × 40 = 4000; ves 50.00; usd 50 / 40 = 1.25
    expect(transaction).toMatchObject({
      ledgerId: owner.ledgerId,
      fecha: DAY,
      venta: 100,
      tasa_venta: 40.5,
      compra: 100,
      tasa_compra: 40,
      notas: 'hola',
      esta_verificada: false,
      bs_recibidos: 4050,
      bs_pagados: 4000,
      ganancia_transaccion_ves: 50,
      ganancia_transaccion_usd: 1.25,
      ganancia_acumulada_ves_hasta_esta_transaccion: 50,
      ganancia_acumulada_usd_hasta_esta_transaccion: 1.25,
      version: 1,
      createdBy: { id: owner.id, user_name: 'Dueña' },
    });
    expect(new Date(transaction.createdAt as string).getTime()).not.toBeNaN();
    const [row] = (
      await t.database.pool.query('select ganancia_ves, ganancia_usd, bs_recibidos, created_by from transactions where id = $1', [
        transaction.id,
      ])
    ).rows as Array<Record<string, string>>;
    expect(row).toEqual({ ganancia_ves: '50.00', ganancia_usd: '1.25', bs_recibidos: '4050.00', created_by: owner.id });
    expect(events.at(-1)).toEqual({
      event: 'transaction-updated',
      ledgerId: owner.ledgerId,
      type: 'CREATED',
      fecha: DAY,
      byUserId: owner.id,
    });
  });

  it('answers the day cumulative of the created transaction', async () => {
    const fecha = '2026-11-01';
    await addTransaction(t, owner, owner.ledgerId, fecha, { venta: 10, tasa_venta: 40 }); // ves 400, usd 10
    const second = await addTransaction(t, owner, owner.ledgerId, fecha, { compra: 5, tasa_compra: 40 }); // ves −200, usd −5
    // cumulative: 400 − 200 = 200 Bs; 10 − 5 = 5 USD
    expect(second.ganancia_acumulada_ves_hasta_esta_transaccion).toBe(200);
    expect(second.ganancia_acumulada_usd_hasta_esta_transaccion).toBe(5);
  });

  it('leaves out of the cumulative a row committed earlier but ordered after the new one (a concurrent create)', async () => {
    const fecha = '2026-11-02';
    await addTransaction(t, owner, owner.ledgerId, fecha, { venta: 10, tasa_venta: 40 }); // 400 Bs, 10 USD
    // A create that started later but committed first is ordered after ours (ocurrido_en, created_at).
    await t.database.pool.query(
      `insert into transactions (ledger_id, fecha, venta, tasa_venta, bs_recibidos, ganancia_ves, ganancia_usd, created_by, created_at, ocurrido_en)
       values ($1, $2, 1, 40, 40, 40, 1, $3, now() + interval '1 hour', now() + interval '1 hour')`,
      [owner.ledgerId, fecha, owner.id],
    );
    const created = await addTransaction(t, owner, owner.ledgerId, fecha, { venta: 5, tasa_venta: 40 }); // 200 Bs, 5 USD
    expect(created.ganancia_acumulada_ves_hasta_esta_transaccion).toBe(600);
    expect(created.ganancia_acumulada_usd_hasta_esta_transaccion).toBe(15);
    const day = await balances(t, owner, owner.ledgerId, fecha);
    expect(day.transacciones_con_acumulados.map((r) => r.ganancia_acumulada_ves_hasta_esta_transaccion)).toEqual([400, 600, 640]);
  });

  describe('Idempotency-Key', () => {
    const count = async (ledgerId: string) =>
      Number((await t.database.pool.query('select count(*)::int as n from transactions where ledger_id = $1', [ledgerId])).rows[0].n);

    it('the same key twice creates one row and answers the first transaction with the same status', async () => {
      const u = await createUser(t);
      const key = randomUUID();
      const send = () =>
        t.request({
          method: 'POST',
          url: '/api/transactions',
          token: u.token,
          headers: { 'idempotency-key': key },
          payload: { ledgerId: u.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 },
        });
      const first = await send();
      const second = await send();
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await count(u.ledgerId)).toBe(1);
    });

    it('two concurrent requests with one key create one row', async () => {
      const u = await createUser(t);
      const key = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.request({
            method: 'POST',
            url: '/api/transactions',
            token: u.token,
            headers: { 'idempotency-key': key },
            payload: { ledgerId: u.ledgerId, fecha: DAY, compra: 2, tasa_compra: 41 },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const ids = new Set(results.map((r) => (r.json() as { transaction: TxJson }).transaction.id));
      expect(ids.size).toBe(1);
      expect(await count(u.ledgerId)).toBe(1);
      const activity = await t.database.pool.query(
        "select count(*)::int as n from activity where ledger_id = $1 and action = 'TRANSACTION_CREATED'",
        [u.ledgerId],
      );
      expect(activity.rows[0].n).toBe(1);
    });

    it('keys are per user, and different keys create different rows', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      await addMember(t, a.ledgerId, b.id);
      const key = randomUUID();
      for (const u of [a, b]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/transactions',
          token: u.token,
          headers: { 'idempotency-key': key },
          payload: { ledgerId: a.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 },
        });
        expect(res.statusCode).toBe(201);
      }
      await t.request({
        method: 'POST',
        url: '/api/transactions',
        token: a.token,
        headers: { 'idempotency-key': randomUUID() },
        payload: { ledgerId: a.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 },
      });
      expect(await count(a.ledgerId)).toBe(3);
    });

    it('a malformed key is a 400', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/transactions',
        token: owner.token,
        headers: { 'idempotency-key': 'x'.repeat(201) },
        payload: { ledgerId: owner.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'La cabecera Idempotency-Key no es válida', code: 'VALIDATION_ERROR' });
    });
  });

  describe('edit, verify, delete', () => {
    it('PUT recomputes, bumps the version, records before/after and emits UPDATED', async () => {
      const tx = await addTransaction(t, owner, owner.ledgerId, DAY, { venta: 10, tasa_venta: 40 });
      const res = await t.request({
        method: 'PUT',
        url: `/api/transactions/${tx.id}`,
        token: owner.token,
        payload: { venta: 10, tasa_venta: 41, compra: 5, tasa_compra: 40, notas: 'editada', fecha: DAY, version: 1, ganancia: 5 },
      });
      expect(res.statusCode, res.body).toBe(200);
      // 10 × 41 = 410; 5 × 40 = 200; ves 210; usd 210 / 40 = 5.25
      expect(res.json().transaction).toMatchObject({
        version: 2,
        ganancia_transaccion_ves: 210,
        ganancia_transaccion_usd: 5.25,
        notas: 'editada',
      });
      const act = await t.database.pool.query(
        "select before, after, user_id from activity where entity_id = $1 and action = 'TRANSACTION_UPDATED'",
        [tx.id],
      );
      expect(act.rows[0]).toMatchObject({
        user_id: owner.id,
        before: { venta: 10, tasa_venta: 40, compra: 0, ganancia_usd: 10, notas: null },
        after: { venta: 10, tasa_venta: 41, compra: 5, tasa_compra: 40, ganancia_usd: 5.25, notas: 'editada' },
      });
      expect(events.at(-1)).toMatchObject({ type: 'UPDATED', fecha: DAY, byUserId: owner.id });
    });

    it('a stale version is a 409 STALE_VERSION and changes nothing; no version means last write wins', async () => {
      const tx = await addTransaction(t, owner, owner.ledgerId, DAY, { venta: 10, tasa_venta: 40 });
      const body = { venta: 20, tasa_venta: 40, fecha: DAY };
      expect(
        (await t.request({ method: 'PUT', url: `/api/transactions/${tx.id}`, token: owner.token, payload: { ...body, version: 1 } }))
          .statusCode,
      ).toBe(200);
      const stale = await t.request({
        method: 'PUT',
        url: `/api/transactions/${tx.id}`,
        token: owner.token,
        payload: { ...body, venta: 30, version: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        error: 'Otro usuario modificó esta transacción. Se recargaron los datos; revisa y vuelve a intentarlo.',
        code: 'STALE_VERSION',
      });
      const row = await t.database.pool.query('select venta, version from transactions where id = $1', [tx.id]);
      expect(row.rows[0]).toEqual({ venta: '20.00', version: 2 });
      const free = await t.request({
        method: 'PUT',
        url: `/api/transactions/${tx.id}`,
        token: owner.token,
        payload: { ...body, venta: 30 },
      });
      expect(free.json().transaction).toMatchObject({ venta: 30, version: 3 });
    });

    it('moving a transaction to another day notifies both days', async () => {
      const tx = await addTransaction(t, owner, owner.ledgerId, DAY, { venta: 1, tasa_venta: 40 });
      events.length = 0;
      const res = await t.request({
        method: 'PUT',
        url: `/api/transactions/${tx.id}`,
        token: owner.token,
        payload: { venta: 1, tasa_venta: 40, fecha: '2026-11-21' },
      });
      expect(res.json().transaction.fecha).toBe('2026-11-21');
      expect(events.map((e) => e.fecha).sort()).toEqual(['2026-11-20', '2026-11-21']);
    });

    it('toggle-verify sets the flag, records it and emits VERIFIED', async () => {
      const tx = await addTransaction(t, owner, owner.ledgerId, DAY, { venta: 1, tasa_venta: 40 });
      const res = await t.request({
        method: 'PATCH',
        url: `/api/transactions/${tx.id}/toggle-verify`,
        token: owner.token,
        payload: { esta_verificada: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().transaction).toMatchObject({ esta_verificada: true, version: 1 });
      expect(events.at(-1)).toMatchObject({ type: 'VERIFIED', fecha: DAY });
      const act = await t.database.pool.query(
        "select before, after from activity where entity_id = $1 and action = 'TRANSACTION_VERIFIED'",
        [tx.id],
      );
      expect(act.rows[0]).toEqual({ before: { esta_verificada: false }, after: { esta_verificada: true } });
      const back = await t.request({
        method: 'PATCH',
        url: `/api/transactions/${tx.id}/toggle-verify`,
        token: owner.token,
        payload: { esta_verificada: false },
      });
      expect(back.json().transaction.esta_verificada).toBe(false);
    });

    it('DELETE answers 204, removes the row, records the old values and emits DELETED; then 404', async () => {
      const tx = await addTransaction(t, owner, owner.ledgerId, DAY, { venta: 3, tasa_venta: 40 });
      const res = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: owner.token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await t.database.pool.query('select 1 from transactions where id = $1', [tx.id])).rowCount).toBe(0);
      const act = await t.database.pool.query(
        "select before, after from activity where entity_id = $1 and action = 'TRANSACTION_DELETED'",
        [tx.id],
      );
      // The whole row, numbers as exact text, so a restore puts it back as it was (docs/product.md#undo).
      expect(act.rows[0]).toMatchObject({ before: { id: tx.id, venta: '3.00', tasa_venta: '40.0000' }, after: null });
      expect(events.at(-1)).toMatchObject({ type: 'DELETED', fecha: DAY, byUserId: owner.id });
      const again = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: owner.token });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: 'Transacción no encontrada', code: 'NOT_FOUND' });
    });

    it('an author deleted later shows as createdBy null; editing it then needs canModifyBalance', async () => {
      const ownerB = await createUser(t);
      const author = await createUser(t);
      const plain = await createUser(t);
      await addMember(t, ownerB.ledgerId, author.id);
      await addMember(t, ownerB.ledgerId, plain.id);
      const tx = await addTransaction(t, author, ownerB.ledgerId, DAY, { venta: 1, tasa_venta: 40 });
      await t.database.pool.query('delete from users where id = $1', [author.id]);
      const b = await balances(t, ownerB, ownerB.ledgerId, DAY);
      expect(b.transacciones_con_acumulados[0]?.createdBy).toBeNull();
      const put = (u: TestUser) =>
        t.request({ method: 'PUT', url: `/api/transactions/${tx.id}`, token: u.token, payload: { venta: 2, tasa_venta: 40, fecha: DAY } });
      expect((await put(plain)).statusCode).toBe(403);
      expect((await put(ownerB)).statusCode).toBe(200);
    });
  });

  describe('permission matrix (docs/product.md#permissions)', () => {
    let ledgerOwner: TestUser;
    let member: TestUser;
    let other: TestUser;
    let balancer: TestUser;
    let outsider: TestUser;
    let ledgerId: string;
    beforeAll(async () => {
      ledgerOwner = await createUser(t);
      member = await createUser(t);
      other = await createUser(t);
      balancer = await createUser(t);
      outsider = await createUser(t);
      ledgerId = ledgerOwner.ledgerId;
      await addMember(t, ledgerId, member.id);
      await addMember(t, ledgerId, other.id);
      await addMember(t, ledgerId, balancer.id, true);
    });

    const createAs = (u: TestUser) =>
      t.request({ method: 'POST', url: '/api/transactions', token: u.token, payload: { ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 } });
    type Op = (u: TestUser, id: string) => ReturnType<TestApp['request']>;
    const ops: Record<string, Op> = {
      edit: (u, id) =>
        t.request({ method: 'PUT', url: `/api/transactions/${id}`, token: u.token, payload: { venta: 2, tasa_venta: 40, fecha: DAY } }),
      verify: (u, id) =>
        t.request({ method: 'PATCH', url: `/api/transactions/${id}/toggle-verify`, token: u.token, payload: { esta_verificada: true } }),
      delete: (u, id) => t.request({ method: 'DELETE', url: `/api/transactions/${id}`, token: u.token }),
    };

    it('add: any member (201), a non-member 404', async () => {
      for (const u of [ledgerOwner, member, balancer]) expect((await createAs(u)).statusCode).toBe(201);
      const res = await createAs(outsider);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Registro no encontrado', code: 'NOT_FOUND' });
    });

    it.each(Object.keys(ops))(
      '%s: own ✓, others’ 403 for a plain member, ✓ with canModifyBalance and for the owner, 404 outside',
      async (name) => {
        const op = ops[name]!;
        const mine = (await createAs(member).then((r) => r.json())).transaction as TxJson;
        expect((await op(outsider, mine.id)).statusCode).toBe(404);
        const forbidden = await op(other, mine.id);
        expect(forbidden.statusCode).toBe(403);
        expect(forbidden.json()).toEqual({ error: 'Solo puedes modificar tus propias transacciones', code: 'FORBIDDEN' });
        expect((await op(member, mine.id)).statusCode).toBe(name === 'delete' ? 204 : 200);
        const forBalancer = (await createAs(member).then((r) => r.json())).transaction as TxJson;
        expect((await op(balancer, forBalancer.id)).statusCode).toBe(name === 'delete' ? 204 : 200);
        const forOwner = (await createAs(member).then((r) => r.json())).transaction as TxJson;
        expect((await op(ledgerOwner, forOwner.id)).statusCode).toBe(name === 'delete' ? 204 : 200);
      },
    );

    it('unauthenticated calls are 401', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/transactions',
        payload: { ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it('MEMBERSHIP_REQUIRED: writes need an active membership, reading still works', async () => {
    const t2 = await createTestApp({ MEMBERSHIP_REQUIRED: 'true' });
    try {
      const lapsed = await createUser(t2, { membershipEnd: null });
      const res = await t2.request({
        method: 'POST',
        url: '/api/transactions',
        token: lapsed.token,
        payload: { ledgerId: lapsed.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MEMBERSHIP_INACTIVE');
      const read = await t2.request({
        method: 'GET',
        url: `/api/transactions/balances?ledgerId=${lapsed.ledgerId}&fecha=${DAY}`,
        token: lapsed.token,
      });
      expect(read.statusCode).toBe(200);
      const active = await createUser(t2, { membershipEnd: new Date(Date.now() + 86_400_000) });
      const ok = await t2.request({
        method: 'POST',
        url: '/api/transactions',
        token: active.token,
        payload: { ledgerId: active.ledgerId, fecha: DAY, venta: 1, tasa_venta: 40 },
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await t2.close();
    }
  });
});
