import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valorCapitalUsd } from '@arb/shared';
import { VALOR_SQL } from '../src/services/socios/liquidacion-inputs.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0044: the settlement sums the capital movements before a period in SQL; that
 * valuation must equal the shared valorCapitalUsd (each VES amount ÷ its rate, half-up to cents).
 */
describe('capital valuation in SQL = valorCapitalUsd', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const inSql = async (rows: Array<{ moneda: 'VES' | 'USD'; monto: string; tasa: string | null }>) => {
    const r = await t.ctx.db.execute<{ v: string }>(sql`
      select (${VALOR_SQL})::text as v from (
        select e.j->>'moneda' as moneda, (e.j->>'monto')::numeric as monto, (e.j->>'tasa')::numeric as tasa, e.n
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(j, n)) x order by x.n`);
    return r.rows.map((x) => Number(x.v).toFixed(2));
  };

  it('by hand: 1000 / 39.5 = 25.3164… → 25.32; a tie 0.25 / 2 = 0.125 → 0.13; USD as is', async () => {
    const rows = [
      { moneda: 'VES' as const, monto: '1000.00', tasa: '39.5000' },
      { moneda: 'VES' as const, monto: '0.25', tasa: '2.0000' },
      { moneda: 'USD' as const, monto: '12.34', tasa: null },
    ];
    expect(await inSql(rows)).toEqual(['25.32', '0.13', '12.34']);
    expect(rows.map((r) => valorCapitalUsd(r.moneda, r.monto, r.tasa))).toEqual(['25.32', '0.13', '12.34']);
  });

  it('random amounts and rates agree', async () => {
    const row = fc.record({
      monto: fc.integer({ min: 1, max: 99_999_999_999 }).map((c) => (c / 100).toFixed(2)),
      tasa: fc.integer({ min: 1, max: 99_999_999 }).map((x) => (x / 10_000).toFixed(4)),
    });
    const rows = fc.sample(row, 500).map((r) => ({ moneda: 'VES' as const, ...r }));
    expect(await inSql(rows)).toEqual(rows.map((r) => valorCapitalUsd('VES', r.monto, r.tasa)));
  });
});
