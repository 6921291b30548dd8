import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { createUser } from './support/users.ts';

/**
 * ledger_day_totals (kept by a trigger) must always equal the sums of the transactions themselves,
 * the verified rows' sums included (docs/product.md#balances-of-a-day's verified carry-forward).
 */
describe('ledger_day_totals trigger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const compare = async (ledgerId: string) => {
    const cols = `count(*)::int as n, sum(venta)::text as venta, sum(compra)::text as compra, sum(bs_recibidos)::text as rec,
      sum(bs_pagados)::text as pag, sum(ganancia_ves)::text as gves, sum(ganancia_usd)::text as gusd,
      coalesce(sum(venta) filter (where esta_verificada), 0)::text as vventa, coalesce(sum(compra) filter (where esta_verificada), 0)::text as vcompra,
      coalesce(sum(bs_recibidos) filter (where esta_verificada), 0)::text as vrec, coalesce(sum(bs_pagados) filter (where esta_verificada), 0)::text as vpag,
      sum(comision_usd)::text as fee, coalesce(sum(comision_usd) filter (where esta_verificada), 0)::text as vfee`;
    const truth = await t.database.pool.query(
      `select fecha, ${cols} from transactions where ledger_id = $1 group by fecha order by fecha`,
      [ledgerId],
    );
    const kept = await t.database.pool.query(
      `select fecha, transaction_count as n, venta::text, compra::text, bs_recibidos::text as rec, bs_pagados::text as pag,
         ganancia_ves::text as gves, ganancia_usd::text as gusd,
         v_venta::text as vventa, v_compra::text as vcompra, v_bs_recibidos::text as vrec, v_bs_pagados::text as vpag, comision_usd::text as fee, v_comision_usd::text as vfee
       from ledger_day_totals where ledger_id = $1 order by fecha`,
      [ledgerId],
    );
    const norm = (rows: Array<Record<string, string | number>>) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'fecha' ? Number(v) : v])));
    expect(norm(kept.rows)).toEqual(norm(truth.rows));
    return kept.rows.length;
  };

  it('follows creates, edits (also to another day), verification, deletes and raw SQL writes', async () => {
    const u = await createUser(t);
    const a = await addTransaction(t, u, u.ledgerId, '2026-01-01', { venta: 10, tasa_venta: '40.1234' });
    const b = await addTransaction(t, u, u.ledgerId, '2026-01-01', { compra: '3.33', tasa_compra: '39.9999', comision_usd: '0.01234567' });
    await addTransaction(t, u, u.ledgerId, '2026-01-02', { venta: 5, tasa_venta: 41, compra: 5, tasa_compra: 40 });
    expect(await compare(u.ledgerId)).toBe(2);
    await t.request({
      method: 'PUT',
      url: `/api/transactions/${a.id}`,
      token: u.token,
      payload: { venta: 11, tasa_venta: 40, fecha: '2026-01-03', comision_usd: '0.5' },
    });
    await t.request({
      method: 'PATCH',
      url: `/api/transactions/${b.id}/toggle-verify`,
      token: u.token,
      payload: { esta_verificada: true },
    });
    expect(await compare(u.ledgerId)).toBe(3);
    await t.request({ method: 'DELETE', url: `/api/transactions/${b.id}`, token: u.token });
    // 2026-01-01 is now empty: its totals row is gone
    expect(await compare(u.ledgerId)).toBe(2);
    // another area's raw write (a reset deleting a day) keeps them right too
    await t.database.pool.query(`delete from transactions where ledger_id = $1 and fecha = '2026-01-02'`, [u.ledgerId]);
    expect(await compare(u.ledgerId)).toBe(1);
  });

  it('insert then delete, and several edits, inside one database transaction', async () => {
    const u = await createUser(t);
    const c = await t.database.pool.connect();
    try {
      await c.query('begin');
      const { rows } = await c.query(
        `insert into transactions (ledger_id, fecha, venta, tasa_venta, bs_recibidos, ganancia_ves, ganancia_usd)
         values ($1, '2026-02-01', 1, 40, 40, 40, 1), ($1, '2026-02-01', 2, 40, 80, 80, 2) returning id`,
        [u.ledgerId],
      );
      await c.query('update transactions set venta = 3, fecha = $2 where id = $1', [rows[0].id, '2026-02-02']);
      await c.query('update transactions set venta = 4 where id = $1', [rows[0].id]);
      await c.query('delete from transactions where id = $1', [rows[1].id]);
      await c.query('commit');
    } finally {
      c.release();
    }
    expect(await compare(u.ledgerId)).toBe(1);
  });
});
