import { sql } from 'drizzle-orm';
import { ratesOfDays, type MarketSource, type RateOfDay } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { executePrepared } from '../../db/prepared.ts';
import { ISO_US, LIVE_SOURCES, candidatesSql, toCandidates, type CandidateRow } from './rate-days.ts';

/**
 * The market a transaction met (DESIGN §24, §28 "The rate of a day"), stamped at creation, import
 * and sync, and again when an edit moves the row to another day:
 * - when `ocurrido_en` falls on the row's `fecha` (APP_TIMEZONE), the last live rates fetched at or
 *   before `ocurrido_en` on that day;
 * - otherwise (a past order typed later, or no live fetch yet that day before it) the rate of `fecha`.
 * Each source is resolved on its own; the stamp's `fecha` is the day of its parallel value (of the
 * official one when there is no parallel value). No value at all → null (no stamp, no margin).
 * docs/decisions/0049-market-stamp-and-rate-of-day.md.
 */

/** What a row stores: decimal text (numeric(17,4) columns) and the day the parallel value is from. */
export interface MarketStamp {
  paralelo: string | null;
  oficial: string | null;
  fecha: string;
}

/** The moment and day of a row to stamp; `ocurrido_en` as ISO 8601. */
export interface StampInput {
  fecha: string;
  ocurrido_en: string;
}

/** At most this many rows per statement (a Binance import commits up to 50,000 in chunks). */
const STAMP_CHUNK = 5000;

/** The last live value of each source at or before each row's moment on its own day (rows whose moment is on another day get none). */
function atOrBeforeSql(timeZone: string, rows: readonly StampInput[], offset: number) {
  const json = JSON.stringify(rows.map((r, i) => ({ i: offset + i, fecha: r.fecha, at: r.ocurrido_en })));
  const live = `{${[...LIVE_SOURCES.oficial, ...LIVE_SOURCES.paralelo].join(',')}}`;
  return sql`
    select 's' as k, s.src, u.fecha::text as fecha, x.promedio::text as v, to_char(x.fetched_at at time zone 'UTC', ${ISO_US}) as at, u.i
    from jsonb_to_recordset(${json}::jsonb) as u(i int, fecha date, at timestamptz)
    cross join unnest(${live}::text[]) s(src)
    cross join lateral (select promedio, fetched_at from rate_snapshots r
      where r.source = s.src and r.fetched_at <= u.at and r.fetched_at >= (u.fecha::timestamp at time zone ${timeZone})
      order by r.fetched_at desc, r.id desc limit 1) x
    where (u.at at time zone ${timeZone})::date = u.fecha`;
}

/**
 * The stamps of `rows`, in order (one statement per STAMP_CHUNK rows). The Binance sync calls this
 * with its new orders, as the import does.
 */
export async function marketStamps(db: DbOrTx, timeZone: string, rows: readonly StampInput[]): Promise<Array<MarketStamp | null>> {
  if (rows.length === 0) return [];
  // First the live values at or before each row's moment on its day: for a row written "now" with
  // the panel open (the usual create), that is the whole stamp, and one small prepared statement
  // (decision 0021; the day's candidates cost about four times as much to plan and run).
  const read: CandidateRow[] = [];
  for (let k = 0; k < rows.length; k += STAMP_CHUNK) {
    read.push(
      ...(
        await executePrepared<CandidateRow & Record<string, unknown>>(
          db,
          'market_live',
          atOrBeforeSql(timeZone, rows.slice(k, k + STAMP_CHUNK), k),
        )
      ).rows,
    );
  }
  // The latest live value per row and market source (the parallel one has two feeds).
  const live = new Map<string, { v: string; at: string }>();
  for (const r of read) {
    if (r.i === null || !r.at) continue;
    const market: MarketSource = LIVE_SOURCES.oficial.includes(r.src) ? 'oficial' : 'paralelo';
    const key = `${r.i}|${market}`;
    const prev = live.get(key);
    if (!prev || prev.at < r.at) live.set(key, { v: r.v, at: r.at });
  }
  // Then the rate of the day, only for the days of rows that still miss a source.
  let desde = '';
  let hasta = '';
  rows.forEach((r, i) => {
    if (live.has(`${i}|oficial`) && live.has(`${i}|paralelo`)) return;
    if (!desde || r.fecha < desde) desde = r.fecha;
    if (!hasta || r.fecha > hasta) hasta = r.fecha;
  });
  let days: Record<MarketSource, Array<RateOfDay | null>> = { oficial: [], paralelo: [] };
  if (desde) {
    const result = await executePrepared<CandidateRow & Record<string, unknown>>(db, 'market_days', candidatesSql(timeZone, desde, hasta));
    const candidates = toCandidates(result.rows);
    days = { oficial: ratesOfDays(candidates.oficial, desde, hasta), paralelo: ratesOfDays(candidates.paralelo, desde, hasta) };
  }
  const dayIndex = (fecha: string) => Math.round((Date.parse(`${fecha}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
  return rows.map((row, i) => {
    const pick = (market: MarketSource): RateOfDay | null => {
      const l = live.get(`${i}|${market}`);
      return l ? { valor: l.v, dia: row.fecha, origen: 'vivo' } : (days[market][dayIndex(row.fecha)] ?? null);
    };
    const paralelo = pick('paralelo');
    const oficial = pick('oficial');
    const fecha = paralelo?.dia ?? oficial?.dia;
    return fecha ? { paralelo: paralelo?.valor ?? null, oficial: oficial?.valor ?? null, fecha } : null;
  });
}

/** The stamp of one row; `ocurrido_en` undefined = now (a new manual row). */
export async function marketStamp(
  db: DbOrTx,
  timeZone: string,
  row: { fecha: string; ocurrido_en: string | undefined },
  now: Date,
): Promise<MarketStamp | null> {
  const [stamp] = await marketStamps(db, timeZone, [{ fecha: row.fecha, ocurrido_en: row.ocurrido_en ?? now.toISOString() }]);
  return stamp ?? null;
}
