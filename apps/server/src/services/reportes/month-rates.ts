import { addDays } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { loadRatesOfDays } from '../market/rate-days.ts';

/** The BCV and parallel rate of a day (null where none is known), exact decimal text. */
export interface DayRates {
  oficial: string | null;
  paralelo: string | null;
}

/**
 * The rate of each day from `desde` to `hasta` (DESIGN §28 "The rate of a day"): the stored
 * history value of that day, else the last live value fetched on it, else the latest earlier day's
 * — the market's one rule (services/market/rate-days.ts), so the report's BCV/paralelo columns and
 * equity read what the rates history page and the liquidación read.
 */
export async function ratesOfDays(db: DbOrTx, desde: string, hasta: string, timeZone: string): Promise<Map<string, DayRates>> {
  const r = await loadRatesOfDays(db, timeZone, desde, hasta);
  const out = new Map<string, DayRates>();
  let d = desde;
  for (let i = 0; d <= hasta; i++, d = addDays(d, 1))
    out.set(d, { oficial: r.oficial[i]?.valor ?? null, paralelo: r.paralelo[i]?.valor ?? null });
  return out;
}
