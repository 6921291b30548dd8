import { sql } from 'drizzle-orm';
import {
  MARKET_SOURCES,
  addDays,
  ratesOfDays,
  type MarketSource,
  type RateDayCandidate,
  type RateHistoryDay,
  type RateOfDay,
} from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { BINANCE_SOURCE } from '../rates/binance-provider.ts';

/**
 * The candidates of "the rate of a day" (DESIGN §28) as stored: history values (rate_history) and
 * the live fetches of the dashboard panel (rate_snapshots). The rule itself is the shared pure walk
 * (packages/shared/src/money/rate-of-day.ts); this file only reads what it needs, in one statement.
 */

/**
 * Which live snapshot sources feed each market source: the parallel panel answers from Binance P2P
 * when RATES_BINANCE_URL is set and from DolarApi otherwise, so the parallel rate a person saw is
 * the later of the two (docs/decisions/0049-market-stamp-and-rate-of-day.md).
 */
export const LIVE_SOURCES: Record<MarketSource, readonly string[]> = {
  oficial: ['oficial'],
  paralelo: ['paralelo', BINANCE_SOURCE],
};
const ALL_LIVE = [...LIVE_SOURCES.oficial, ...LIVE_SOURCES.paralelo];
const marketOf = (source: string): MarketSource => (LIVE_SOURCES.oficial.includes(source) ? 'oficial' : 'paralelo');

/** A moment as fixed-width ISO text (UTC, microseconds): ordered as text, exact as PostgreSQL keeps it. */
export const ISO_US = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

export interface CandidateRow {
  /** 'h' history, 'l' the last live value of a day, 's' the last live value at or before a row's moment. */
  k: 'h' | 'l' | 's';
  src: string;
  fecha: string;
  v: string;
  at: string | null;
  i: number | null;
}

/** The SQL that reads every candidate for the days `desde`…`hasta` (history and live, plus the latest of each before `desde`). */
export function candidatesSql(timeZone: string, desde: string, hasta: string) {
  const t0 = sql`(${desde}::date::timestamp at time zone ${timeZone})`;
  const t1 = sql`((${hasta}::date + 1)::timestamp at time zone ${timeZone})`;
  const live = `{${ALL_LIVE.join(',')}}`;
  return sql`
    select 'h' as k, h.source as src, h.fecha::text as fecha, h.promedio::text as v, null::text as at, null::int as i
      from rate_history h where h.fecha between ${desde}::date and ${hasta}::date
    union all
    select 'h', s.src, x.fecha::text, x.promedio::text, null, null
      from unnest(${`{${MARKET_SOURCES.join(',')}}`}::text[]) s(src)
      cross join lateral (select fecha, promedio from rate_history h where h.source = s.src and h.fecha < ${desde}::date
        order by h.fecha desc limit 1) x
    union all
    select 'l', d.source, d.fecha::text, d.promedio::text, to_char(d.fetched_at at time zone 'UTC', ${ISO_US}), null from (
      select distinct on (r.source, r.fecha) r.source, r.fecha, r.promedio, r.fetched_at from (
        select source, id, promedio, fetched_at, (fetched_at at time zone ${timeZone})::date as fecha from rate_snapshots
        where source = any(${live}::text[]) and fetched_at >= ${t0} and fetched_at < ${t1}) r
      order by r.source, r.fecha, r.fetched_at desc, r.id desc) d
    union all
    select 'l', s.src, (x.fetched_at at time zone ${timeZone})::date::text, x.promedio::text,
        to_char(x.fetched_at at time zone 'UTC', ${ISO_US}), null
      from unnest(${live}::text[]) s(src)
      cross join lateral (select promedio, fetched_at from rate_snapshots r where r.source = s.src and r.fetched_at < ${t0}
        order by r.fetched_at desc, r.id desc limit 1) x`;
}

/**
 * The rows read by candidatesSql, per market source, as the shared rule's candidates. Live values of
 * one market and day (the parallel one has two feeds) keep the later fetch.
 */
export function toCandidates(rows: readonly CandidateRow[]): Record<MarketSource, RateDayCandidate[]> {
  const history: Record<MarketSource, RateDayCandidate[]> = { oficial: [], paralelo: [] };
  const live = new Map<string, { market: MarketSource; fecha: string; v: string; at: string }>();
  for (const r of rows) {
    if (r.k === 'h') history[r.src as MarketSource]?.push({ fecha: r.fecha, historico: r.v });
    else if (r.k === 'l' && r.at) {
      const market = marketOf(r.src);
      const key = `${market}|${r.fecha}`;
      const prev = live.get(key);
      if (!prev || prev.at < r.at) live.set(key, { market, fecha: r.fecha, v: r.v, at: r.at });
    }
  }
  for (const l of live.values()) history[l.market].push({ fecha: l.fecha, vivo: l.v });
  return history;
}

/** Per market source, the rate of every day from `desde` to `hasta` (the shared rule over the stored candidates). */
export async function loadRatesOfDays(
  db: DbOrTx,
  timeZone: string,
  desde: string,
  hasta: string,
): Promise<Record<MarketSource, Array<RateOfDay | null>>> {
  const result = await db.execute<CandidateRow & Record<string, unknown>>(candidatesSql(timeZone, desde, hasta));
  const c = toCandidates(result.rows);
  return { oficial: ratesOfDays(c.oficial, desde, hasta), paralelo: ratesOfDays(c.paralelo, desde, hasta) };
}

/** The rate of one day of one market source (DESIGN §28), or undefined when nothing is stored up to that day. */
export async function rateOfDayStored(db: DbOrTx, timeZone: string, fecha: string, source: MarketSource): Promise<RateOfDay | undefined> {
  const rates = await loadRatesOfDays(db, timeZone, fecha, fecha);
  return rates[source][0] ?? undefined;
}

/** GET /api/rates/history: every calendar day of the range with the rate of that day per source (null when none yet). */
export async function rateHistoryDays(db: DbOrTx, timeZone: string, desde: string, hasta: string): Promise<RateHistoryDay[]> {
  const rates = await loadRatesOfDays(db, timeZone, desde, hasta);
  const dias: RateHistoryDay[] = [];
  let d = desde;
  for (let i = 0; d <= hasta; i++, d = addDays(d, 1)) {
    const o = rates.oficial[i];
    const p = rates.paralelo[i];
    dias.push({ fecha: d, oficial: o ? Number(o.valor) : null, paralelo: p ? Number(p.valor) : null });
  }
  return dias;
}
