import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction, balances, setBase, verify, type TxJson } from './support/transactions.ts';
import { createUser } from './support/users.ts';

/**
 * docs/product.md#binance-import's transaction fields: comision_usd (a fee, a cost under por_operacion and out of the
 * USD balances) and ocurrido_en (the order within a day: ocurrido_en, created_at, id).
 */
describe('comision_usd and ocurrido_en', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const put = (token: string, id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/transactions/${id}`, token, payload });

  it('a fee is stored with 8 decimals, is a cost in the row and leaves the USD balances', async () => {
    const u = await createUser(t);
    await setBase(t, u, u.ledgerId, '2026-03-01', 0, 1000);
    // venta 100 @ 250, compra 100 @ 240, fee 0.12345678:
    //   ganancia_ves = 25,000 − 24,000 − 0.12345678 × 250 (sale rate) = 969.1358… → 969.14
    //   ganancia_usd = 1,000 / 240 − 0.12345678 = 4.1666… − 0.1234… = 4.0432… → 4.04
    const a = await addTransaction(t, u, u.ledgerId, '2026-03-01', {
      venta: 100,
      tasa_venta: 250,
      compra: 100,
      tasa_compra: 240,
      comision_usd: '0.12345678',
    });
    expect(a.comision_usd).toBe(0.12345678);
    expect(a.ganancia_transaccion_ves).toBe(969.14);
    expect(a.ganancia_transaccion_usd).toBe(4.04);
    // a purchase alone with fee 1: valued at its purchase rate 240 → ganancia_ves −240, usd −10 − 1 = −11
    const b = await addTransaction(t, u, u.ledgerId, '2026-03-01', { compra: 10, tasa_compra: 240, comision_usd: 1 });
    expect(b.ganancia_transaccion_ves).toBe(-2640);
    expect(b.ganancia_transaccion_usd).toBe(-11);
    await verify(t, u, b.id);
    const day = await balances(t, u, u.ledgerId, '2026-03-01');
    // saldo_usd = 1000 − 100 + 100 + 10 − 0.12345678 − 1 = 1008.87654322 → 1008.88
    expect(day.resumen.saldo_disponible_usd.valor).toBe(1008.88);
    // verified only: 1000 + 10 − 1 = 1009
    expect(day.saldos_actuales.saldo_usd_actual).toBe(1009);
    expect(day.resumen.ganancia_total_usd.valor).toBe(-6.96);
    // the next day inherits the closing with the fees out (ledger_day_totals sums them)
    const next = await balances(t, u, u.ledgerId, '2026-03-02');
    expect(next.saldos_base.saldo_base_usd).toBe(1008.88);
    const totals = await t.database.pool.query(`select comision_usd::text as c from ledger_day_totals where ledger_id = $1`, [u.ledgerId]);
    expect(Number(totals.rows[0].c)).toBeCloseTo(1.12345678, 8);
    const hist = await t.request({
      method: 'GET',
      url: `/api/transactions/history-summary?ledgerId=${u.ledgerId}&hasta=2026-03-02`,
      token: u.token,
    });
    expect(hist.statusCode, hist.body).toBe(200);
    expect((hist.json() as { resumen_total: { saldo_usd: number } }).resumen_total.saldo_usd).toBe(1008.88);
  });

  it('rejects a fee with 9 decimals, a negative fee, a bad time and a time in the future', async () => {
    const u = await createUser(t);
    const base = { ledgerId: u.ledgerId, fecha: '2026-03-01', venta: 1, tasa_venta: 1 };
    for (const [extra, field] of [
      [{ comision_usd: '0.123456789' }, 'comision_usd'],
      [{ comision_usd: -1 }, 'comision_usd'],
      [{ ocurrido_en: 'ayer' }, 'ocurrido_en'],
      [{ ocurrido_en: new Date(Date.now() + 5 * 60_000).toISOString() }, 'ocurrido_en'],
    ] as const) {
      const res = await t.request({ method: 'POST', url: '/api/transactions', token: u.token, payload: { ...base, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect((res.json() as { fields?: Record<string, string> }).fields?.[field]).toBeTruthy();
    }
    // 30 s ahead is within the minute of clock drift allowed
    await addTransaction(t, u, u.ledgerId, '2026-03-01', {
      venta: 1,
      tasa_venta: 1,
      ocurrido_en: new Date(Date.now() + 30_000).toISOString(),
    });
  });

  it('orders a day by ocurrido_en, then created_at: the cumulative columns follow that order', async () => {
    const u = await createUser(t);
    const late = await addTransaction(t, u, u.ledgerId, '2026-04-01', { venta: 1, tasa_venta: 10, ocurrido_en: '2026-04-01T15:00:00Z' });
    // created later, happened earlier: it comes first, and its cumulative is its own figure
    const early = await addTransaction(t, u, u.ledgerId, '2026-04-01', {
      venta: 2,
      tasa_venta: 10,
      ocurrido_en: '2026-04-01T09:00:00-04:00',
    });
    expect(early.ocurrido_en).toBe('2026-04-01T13:00:00.000Z');
    expect(early.ganancia_acumulada_usd_hasta_esta_transaccion).toBe(2);
    // no ocurrido_en: the moment it was written, so after both
    const now = await addTransaction(t, u, u.ledgerId, '2026-04-01', { venta: 4, tasa_venta: 10 });
    expect(Math.abs(Date.parse(now.ocurrido_en) - Date.now())).toBeLessThan(60_000);
    const day = await balances(t, u, u.ledgerId, '2026-04-01');
    expect(day.transacciones_con_acumulados.map((r: TxJson) => r.id)).toEqual([early.id, late.id, now.id]);
    expect(day.transacciones_con_acumulados.map((r) => r.ganancia_acumulada_usd_hasta_esta_transaccion)).toEqual([2, 3, 7]);
    // the single-row answer of an edit reads the same order
    const res = await put(u.token, late.id, { venta: 1, tasa_venta: 10, fecha: '2026-04-01' });
    expect((res.json() as { transaction: TxJson }).transaction.ganancia_acumulada_usd_hasta_esta_transaccion).toBe(3);
  });

  it('an edit that omits the fee and the time keeps them; one that sends them changes them; both are in the activity', async () => {
    const u = await createUser(t);
    const a = await addTransaction(t, u, u.ledgerId, '2026-05-01', {
      venta: 10,
      tasa_venta: 100,
      comision_usd: '0.5',
      ocurrido_en: '2026-05-01T12:00:00.000Z',
    });
    let res = await put(u.token, a.id, { venta: 20, tasa_venta: 100, fecha: '2026-05-01' });
    let tx = (res.json() as { transaction: TxJson }).transaction;
    expect(tx.comision_usd).toBe(0.5);
    expect(tx.ocurrido_en).toBe('2026-05-01T12:00:00.000Z');
    // sale alone 20: +20 − 0.5 fee
    expect(tx.ganancia_transaccion_usd).toBe(19.5);
    res = await put(u.token, a.id, {
      venta: 20,
      tasa_venta: 100,
      fecha: '2026-05-01',
      comision_usd: 0,
      ocurrido_en: '2026-05-01T08:00:00Z',
    });
    tx = (res.json() as { transaction: TxJson }).transaction;
    expect(tx.comision_usd).toBe(0);
    expect(tx.ocurrido_en).toBe('2026-05-01T08:00:00.000Z');
    expect(tx.ganancia_transaccion_usd).toBe(20);
    const act = await t.database.pool.query(`select action, before, after from activity where entity_id = $1 order by id`, [a.id]);
    expect(act.rows[0].after).toMatchObject({ comision_usd: 0.5, ocurrido_en: '2026-05-01T12:00:00.000Z' });
    expect(act.rows[2].before).toMatchObject({ comision_usd: 0.5 });
    expect(act.rows[2].after).toMatchObject({ comision_usd: 0, ocurrido_en: '2026-05-01T08:00:00.000Z' });
  });

  it('existing rows were backfilled: ocurrido_en = created_at, comision_usd = 0 (migration 0005)', async () => {
    const cols = await t.database.pool.query(
      `select column_name, is_nullable, column_default from information_schema.columns
       where table_name = 'transactions' and column_name in ('comision_usd', 'ocurrido_en') order by column_name`,
    );
    expect(cols.rows.map((r: { column_name: string; is_nullable: string }) => [r.column_name, r.is_nullable])).toEqual([
      ['comision_usd', 'NO'],
      ['ocurrido_en', 'NO'],
    ]);
  });
});
