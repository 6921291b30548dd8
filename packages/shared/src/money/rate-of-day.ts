import { addDays } from '../days.ts';

/**
 * "The rate of a day" (DESIGN §28, docs/product.md#market-reference), per source (official or
 * parallel): the history value stored for day D when there is one, else the last live value
 * fetched on D (the APP_TIMEZONE date of the fetch), else the latest earlier day's. This pure walk
 * is the rule; the server only gathers the candidates (services/market/rate-days.ts) and every
 * caller (the history endpoint, the `mercado` stamp, a defaulted aporte/retiro rate) goes through it.
 */

/** What is stored about one day of one source: its history value and/or its last live value (decimal text). */
export interface RateDayCandidate {
  fecha: string;
  historico?: string | null | undefined;
  vivo?: string | null | undefined;
}

/** The rate of a day: the value, the day it was stored for (≤ the day asked) and where it came from. */
export interface RateOfDay {
  valor: string;
  /** The day the value belongs to: the day asked, or the earlier day it was carried from. */
  dia: string;
  origen: 'historico' | 'vivo';
}

const own = (c: RateDayCandidate | undefined): RateOfDay | null => {
  if (!c) return null;
  if (c.historico) return { valor: c.historico, dia: c.fecha, origen: 'historico' };
  if (c.vivo) return { valor: c.vivo, dia: c.fecha, origen: 'vivo' };
  return null;
};

/**
 * The rate of every day from `desde` to `hasta` (inclusive), in order. Candidates before `desde`
 * only seed the carry (the latest such day with a value wins); several candidates of one day are
 * merged (a history value beats a live one whichever came first).
 */
export function ratesOfDays(candidates: readonly RateDayCandidate[], desde: string, hasta: string): Array<RateOfDay | null> {
  const byDay = new Map<string, RateDayCandidate>();
  for (const c of candidates) {
    if (c.fecha > hasta) continue;
    const prev = byDay.get(c.fecha);
    byDay.set(c.fecha, {
      fecha: c.fecha,
      historico: prev?.historico || c.historico || null,
      vivo: prev?.vivo || c.vivo || null,
    });
  }
  let carry: RateOfDay | null = null;
  let carryDay = '';
  for (const c of byDay.values()) {
    const value = c.fecha < desde ? own(c) : null;
    if (value && c.fecha > carryDay) {
      carry = value;
      carryDay = c.fecha;
    }
  }
  const out: Array<RateOfDay | null> = [];
  for (let d = desde; d <= hasta; d = addDays(d, 1)) {
    carry = own(byDay.get(d)) ?? carry;
    out.push(carry);
  }
  return out;
}

/** The rate of one day (the same walk over a one-day range). */
export function rateOfDay(candidates: readonly RateDayCandidate[], fecha: string): RateOfDay | null {
  return ratesOfDays(candidates, fecha, fecha)[0] ?? null;
}
