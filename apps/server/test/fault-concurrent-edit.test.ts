import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTransaction, balances } from './support/transactions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

describe('two members edit the same transaction at the same moment', () => {
  let t: TestApp;
  let owner: TestUser;
  let trusted: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    trusted = await createUser(t);
    await addMember(t, owner.ledgerId, trusted.id, true);
  });
  afterAll(async () => t.close());

  it('one wins, the other gets the 409, and the stored row is exactly the winner’s', async () => {
    for (let round = 0; round < 5; round++) {
      const tx = await addTransaction(t, owner, owner.ledgerId, '2026-11-21', { venta: 100, tasa_venta: 40 });
      const edit = (user: TestUser, venta: number) =>
        t.request({
          method: 'PUT',
          url: `/api/transactions/${tx.id}`,
          token: user.token,
          payload: { venta, tasa_venta: 40, fecha: '2026-11-21', version: tx.version },
        });
      const [a, b] = await Promise.all([edit(owner, 111), edit(trusted, 222)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 111 : 222;
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toMatchObject({ code: 'STALE_VERSION' });
      const row = (await balances(t, owner, owner.ledgerId, '2026-11-21')).transacciones_con_acumulados.find((r) => r.id === tx.id)!;
      expect(row.venta).toBe(winner);
      expect(row.version).toBe(tx.version + 1);
    }
  });
});
