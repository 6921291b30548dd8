import { sql } from 'drizzle-orm';
import { addDays } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';

/** The BCV and parallel rate of a day (null where none is known), exact decimal text. */
export interface DayRates {
  oficial: string | null;
  paralelo: string | null;
}

/**
 * The rate of each day from `desde` to `hasta` (DESIGN §28 "The rate of a day"): the last live
 * value fetched on or before that day (its APP_TIMEZONE date), carried forward. This is the one
 * place the reports read rates: when §24's stored daily history lands (the "market" work), this
 * function reads it first and keeps the live snapshots as the fallback §28 names.
 */
export async function ratesOfDays(db: DbOrTx, desde: string, hasta: string, timeZone: string): Promise<Map<string, DayRates>> {
  const rows = await db.execute<{ source: string; dia: string; promedio: string }>(sql`
    select source, dia::text as dia, promedio::text as promedio from (
      select distinct on (source, dia) source, (fetched_at at time zone ${timeZone})::date as dia, promedio
      from rate_snapshots
      where source in ('oficial', 'paralelo') and (fetched_at at time zone ${timeZone})::date between ${desde}::date and ${hasta}::date
      order by source, dia, fetched_at desc, id desc) d
    union all
    select source, ${addDays(desde, -1)} as dia, promedio::text from (
      select distinct on (source) source, promedio from rate_snapshots
      where source in ('oficial', 'paralelo') and (fetched_at at time zone ${timeZone})::date < ${desde}::date
      order by source, fetched_at desc, id desc) e`);
  const bySource = new Map<string, Map<string, string>>();
  for (const r of rows.rows) {
    let m = bySource.get(r.source);
    if (!m) bySource.set(r.source, (m = new Map()));
    m.set(r.dia, r.promedio);
  }
  const out = new Map<string, DayRates>();
  let oficial = bySource.get('oficial')?.get(addDays(desde, -1)) ?? null;
  let paralelo = bySource.get('paralelo')?.get(addDays(desde, -1)) ?? null;
  for (let d = desde; d <= hasta; d = addDays(d, 1)) {
    oficial = bySource.get('oficial')?.get(d) ?? oficial;
    paralelo = bySource.get('paralelo')?.get(d) ?? paralelo;
    out.set(d, { oficial, paralelo });
  }
  return out;
}
