import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTransaction, balances, setBase, verify } from './support/transactions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';

/** The balances answer is cached per ledger revision: every kind of change must show at once. */
describe('balances stay fresh across cached reads', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
  });
  afterAll(async () => t.close());

  it('reflects creates, verifications, edits, deletes and base changes, including carried-forward days', async () => {
    const L = owner.ledgerId;
    const day1 = '2026-11-20';
    const day2 = '2026-11-21';
    expect((await balances(t, owner, L, day2)).saldos_base.heredado).toBe(false);

    await setBase(t, owner, L, day1, 1000, 100);
    // day 2 was read (and cached) before: its carried-forward base must follow day 1's change.
    let b2 = await balances(t, owner, L, day2);
    expect(b2.saldos_base).toEqual({ saldo_base_ves: 1000, saldo_base_usd: 100, heredado: true, heredado_ves: true, heredado_usd: true });

    // 10 USD sold at 40 on day 1 → +400 Bs, −10 USD; day 2 inherits 1400 Bs / 90 USD.
    const tx = await addTransaction(t, owner, L, day1, { venta: 10, tasa_venta: 40 });
    b2 = await balances(t, owner, L, day2);
    expect(b2.saldos_base).toMatchObject({ saldo_base_ves: 1400, saldo_base_usd: 90 });

    let b1 = await balances(t, owner, L, day1);
    expect(b1.saldos_actuales.saldo_ves_actual).toBe(1000);
    await verify(t, owner, tx.id);
    b1 = await balances(t, owner, L, day1);
    expect(b1.saldos_actuales.saldo_ves_actual).toBe(1400);

    const edit = await t.request({
      method: 'PUT',
      url: `/api/transactions/${tx.id}`,
      token: owner.token,
      payload: { venta: 20, tasa_venta: 40, fecha: day1, version: tx.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await balances(t, owner, L, day2)).saldos_base).toMatchObject({ saldo_base_ves: 1800, saldo_base_usd: 80 });

    const del = await t.request({ method: 'DELETE', url: `/api/transactions/${tx.id}`, token: owner.token });
    expect(del.statusCode).toBe(204);
    expect((await balances(t, owner, L, day1)).transacciones_con_acumulados).toHaveLength(0);
    expect((await balances(t, owner, L, day2)).saldos_base).toMatchObject({ saldo_base_ves: 1000, saldo_base_usd: 100 });
  });

  it("shows an author's new name after they rename themselves", async () => {
    const L = owner.ledgerId;
    await addTransaction(t, owner, L, '2026-11-23', { venta: 1, tasa_venta: 40 });
    expect((await balances(t, owner, L, '2026-11-23')).transacciones_con_acumulados[0]!.createdBy?.user_name).not.toBe('Nombre Nuevo');
    const res = await t.request({
      method: 'PUT',
      url: '/api/membership/profile',
      token: owner.token,
      payload: { user_name: 'Nombre Nuevo', phone_number: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await balances(t, owner, L, '2026-11-23')).transacciones_con_acumulados[0]!.createdBy?.user_name).toBe('Nombre Nuevo');
  });
});
