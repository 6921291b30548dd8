import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

interface Day {
  date: string;
  ganancia_usd: number;
  transactionCount: number;
  diferencial?: number;
}

describe('GET /api/transactions/daily-profit (the history chart)', () => {
  let t: TestApp;
  let u: TestUser;
  const get = (user: TestUser, query: string) =>
    t.request({ method: 'GET', url: `/api/transactions/daily-profit?${query}`, token: user.token });

  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t);
    // A sale of V alone earns +V USD; a purchase of C alone earns −C USD (docs/product.md#money).
    await addTransaction(t, u, u.ledgerId, '2026-11-01', { venta: 10, tasa_venta: 40 });
    await addTransaction(t, u, u.ledgerId, '2026-11-03', { venta: 20.25, tasa_venta: 40 });
    await addTransaction(t, u, u.ledgerId, '2026-11-03', { compra: 5.5, tasa_compra: 40 }); // same day: 20.25 − 5.50 = 14.75
    await addTransaction(t, u, u.ledgerId, '2026-11-04', { compra: 7, tasa_compra: 40 }); // a loss day: −7
    // 100 Bs received and 100 Bs paid: 0 profit, still a day with activity
    await addTransaction(t, u, u.ledgerId, '2026-11-05', { venta: 2.5, tasa_venta: 40, compra: 2.5, tasa_compra: 40 });
    const gone = await addTransaction(t, u, u.ledgerId, '2026-11-06', { venta: 99, tasa_venta: 40 });
    const del = await t.request({ method: 'DELETE', url: `/api/transactions/${gone.id}`, token: u.token });
    expect(del.statusCode).toBe(204); // 2026-11-06 has no transactions left: not a day with activity
  });
  afterAll(async () => t.close());

  it('days with activity, oldest first, with their USD profit and count', async () => {
    const res = await get(u, `ledgerId=${u.ledgerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual<Day[]>([
      { date: '2026-11-01', ganancia_usd: 10, transactionCount: 1 },
      // Sales and purchases at 40: the day's spread (DESIGN §24) 40 / 40 − 1 = 0 %; days with one side have none.
      { date: '2026-11-03', ganancia_usd: 14.75, transactionCount: 2, diferencial: 0 },
      { date: '2026-11-04', ganancia_usd: -7, transactionCount: 1 },
      { date: '2026-11-05', ganancia_usd: 0, transactionCount: 1, diferencial: 0 },
    ]);
  });

  it('limit keeps the latest days (still oldest first)', async () => {
    const res = await get(u, `ledgerId=${u.ledgerId}&limit=2`);
    expect((res.json() as Day[]).map((d) => d.date)).toEqual(['2026-11-04', '2026-11-05']);
  });

  it('an empty ledger has no days', async () => {
    const v = await createUser(t);
    expect((await get(v, `ledgerId=${v.ledgerId}`)).json()).toEqual([]);
  });

  it('members only (404 outside); bad parameters 400', async () => {
    const member = await createUser(t);
    const outsider = await createUser(t);
    await addMember(t, u.ledgerId, member.id);
    expect((await get(member, `ledgerId=${u.ledgerId}`)).statusCode).toBe(200);
    expect((await get(outsider, `ledgerId=${u.ledgerId}`)).statusCode).toBe(404);
    expect((await get(u, 'ledgerId=123')).statusCode).toBe(400);
    for (const limit of ['0', '367', 'abc', '1.5']) expect((await get(u, `ledgerId=${u.ledgerId}&limit=${limit}`)).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/transactions/daily-profit?ledgerId=${u.ledgerId}` })).statusCode).toBe(401);
  });
});
