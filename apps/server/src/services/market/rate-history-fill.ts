import { sql } from 'drizzle-orm';
import { Big, MARKET_SOURCES, MONEY_MAX, isDayKey, toFixedString, type MarketSource } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { fetchJsonBounded } from '../rates/fetch-json.ts';

/**
 * Fills `rate_history` from RATES_HISTORY_URL (DESIGN §24): `{base}/oficial` and `{base}/paralelo`
 * answer DolarApi's historicos shape, `[{fuente, nombre, compra, venta, promedio, fecha}, …]`.
 * Run at start-up and then daily (docs/product.md#market-reference), by every instance (the upsert
 * is idempotent). Bounded: a time-out per request, a byte cap on the body and a cap on entries;
 * an entry without a valid day or a positive promedio is skipped, never stored as 0.
 */

export const HISTORY_TIMEOUT_MS = 10_000;
/** DolarApi's whole history is a few hundred kB per source; anything far larger is not a history. */
export const HISTORY_MAX_BYTES = 5 * 1024 * 1024;
/** About 55 years of days: more entries than that is not a daily history. */
export const HISTORY_MAX_ENTRIES = 20_000;
const DAY_MS = 86_400_000;
const UPSERT_CHUNK = 1000;

export interface FillLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Per source: days stored or changed, entries skipped, or the failure's message. */
export type FillResult = Record<MarketSource, { stored: number; skipped: number } | { error: string }>;

export interface RateHistoryFiller {
  /** One fill now (a fill under way is joined, not repeated). */
  fill(): Promise<FillResult>;
  /** The start-up fill and the daily ones. */
  start(): void;
  /** Stops the daily fills and waits for one under way. */
  stop(): Promise<void>;
}

/** The valid days of one answer: YYYY-MM-DD (the date part of an ISO instant too) → promedio at 4 decimals. */
export function parseHistory(body: unknown): { days: Map<string, string>; skipped: number } {
  if (!Array.isArray(body)) throw new Error('not an array');
  if (body.length > HISTORY_MAX_ENTRIES) throw new Error(`more than ${HISTORY_MAX_ENTRIES} entries`);
  const days = new Map<string, string>();
  let skipped = 0;
  for (const e of body as unknown[]) {
    const entry = e && typeof e === 'object' ? (e as { fecha?: unknown; promedio?: unknown }) : {};
    const fecha = typeof entry.fecha === 'string' ? entry.fecha.slice(0, 10) : '';
    const p = entry.promedio;
    if (!isDayKey(fecha) || typeof p !== 'number' || !Number.isFinite(p) || p <= 0 || p > MONEY_MAX) {
      skipped++;
      continue;
    }
    const value = toFixedString(new Big(p), 4);
    if (value === '0.0000') skipped++;
    else days.set(fecha, value);
  }
  return { days, skipped };
}

async function store(db: Db, source: MarketSource, days: Map<string, string>): Promise<number> {
  const entries = [...days].map(([fecha, promedio]) => ({ fecha, promedio }));
  let stored = 0;
  for (let k = 0; k < entries.length; k += UPSERT_CHUNK) {
    const r = await db.execute(sql`
      insert into rate_history (source, fecha, promedio)
      select ${source}, x.fecha, x.promedio from jsonb_to_recordset(${JSON.stringify(entries.slice(k, k + UPSERT_CHUNK))}::jsonb)
        as x(fecha date, promedio numeric)
      on conflict (source, fecha) do update set promedio = excluded.promedio, updated_at = now()
        where rate_history.promedio is distinct from excluded.promedio`);
    stored += r.rowCount ?? 0;
  }
  return stored;
}

export function createRateHistoryFiller(opts: {
  db: Db;
  /** RATES_HISTORY_URL: the base `/oficial` and `/paralelo` are appended to. */
  url: string;
  log?: FillLog;
  timeoutMs?: number;
  everyMs?: number;
}): RateHistoryFiller {
  const base = opts.url.replace(/\/+$/, '');
  let running: Promise<FillResult> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function fillSource(source: MarketSource): Promise<FillResult[MarketSource]> {
    try {
      const body = await fetchJsonBounded(`${base}/${source}`, opts.timeoutMs ?? HISTORY_TIMEOUT_MS, HISTORY_MAX_BYTES);
      const { days, skipped } = parseHistory(body);
      return { stored: await store(opts.db, source, days), skipped };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      opts.log?.warn({ source, error }, 'rate history not filled');
      return { error };
    }
  }

  async function fillAll(): Promise<FillResult> {
    const [oficial, paralelo] = await Promise.all(MARKET_SOURCES.map(fillSource));
    const result = { oficial: oficial!, paralelo: paralelo! };
    opts.log?.info(result, 'rate history filled');
    return result;
  }

  const run = () => {
    running ??= fillAll().finally(() => (running = undefined));
    return running;
  };

  return {
    fill: run,
    start() {
      void run();
      timer = setInterval(() => void run(), opts.everyMs ?? DAY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
