import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { createUser } from './support/users.ts';

/**
 * docs/decisions/0044 "The lock": a write that was in flight while its period closed cannot commit
 * into it — the deferred trigger takes the ledger's settlement lock (shared) at commit and then
 * sees the closed period; closing waits for a write that is committing (exclusive lock).
 */
describe('the closed-period lock, race-free', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a transaction written before the close and committed after it is refused whole', async () => {
    const ana = await createUser(t, { name: 'Ana' });
    const L = ana.ledgerId;
    await addTransaction(t, ana, L, '2026-09-02', { venta: 10, tasa_venta: '40' } as never);
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      // In flight: a row dated inside the period, written but not committed.
      await client.query(
        `insert into transactions (ledger_id, fecha, venta, tasa_venta, bs_recibidos, ganancia_usd, created_by) values ($1, '2026-09-03', 5, 40, 200, 5, $2)`,
        [L, ana.id],
      );
      const close = await t.request({
        method: 'POST',
        url: `/api/ledgers/${L}/liquidaciones`,
        token: ana.token,
        payload: { desde: '2026-09-01', hasta: '2026-09-05', tasa_final: '40' },
      });
      expect(close.statusCode, close.body).toBe(201);
      // The close did not see the uncommitted row: 10 USD sold for 400 Bs at 40 → equity unchanged, result 0.
      await expect(client.query('commit')).rejects.toMatchObject({ code: 'AR409', detail: '2026-09-01|2026-09-05' });
    } finally {
      client.release();
    }
    const rows = await t.database.pool.query(`select count(*)::int as n from transactions where ledger_id = $1`, [L]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('a close waits for a write that holds the lock while committing, and then counts it', async () => {
    const ana = await createUser(t, { name: 'Beto' });
    const L = ana.ledgerId;
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into movimientos (ledger_id, tipo, fecha, ocurrido_en, moneda, monto, miembro_id, created_by) values ($1, 'aporte', '2026-09-03', now(), 'USD', 100, $2, $2)`,
        [L, ana.id],
      );
      // Run the deferred checks now: the shared lock is taken and held until this transaction ends.
      await client.query('set constraints all immediate');
      const closing = t.request({
        method: 'POST',
        url: `/api/ledgers/${L}/liquidaciones`,
        token: ana.token,
        payload: { desde: '2026-09-01', hasta: '2026-09-05', tasa_final: '40' },
      });
      let settled = false;
      void closing.then(() => (settled = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
      await client.query('commit');
      const res = await closing;
      expect(res.statusCode, res.body).toBe(201);
      // The aporte committed first, so the stored period has it.
      expect((res.json() as { liquidacion: { liquidacion: { aportes_usd: number } } }).liquidacion.liquidacion.aportes_usd).toBe(100);
    } finally {
      client.release();
    }
  });
});
