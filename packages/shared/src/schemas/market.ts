// zod/mini like common.ts: the web's history page imports these types and the day helpers.
import { z } from 'zod/mini';
import { addDays } from '../days.ts';
import { messages, t } from '../messages.ts';
import { dayKeySchema } from './common.ts';

/**
 * Market reference and rate history (DESIGN §24, docs/product.md#market-reference), typed once for
 * the server that answers and the web (and the reports) that read.
 */

/** The two market sources kept per day: BCV (official) and the parallel rate. */
export const MARKET_SOURCES = ['oficial', 'paralelo'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

/** Days one GET /api/rates/history may span (a year, leap day included): the answer stays small. */
export const RATE_HISTORY_MAX_DAYS = 366;

/** Inclusive days from `desde` to `hasta` (1 for the same day). */
export const daysInRange = (desde: string, hasta: string): number =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /api/rates/history?desde&hasta: two valid days, desde ≤ hasta, at most RATE_HISTORY_MAX_DAYS days. */
export const rateHistoryQuerySchema = z.object({ desde: dayKeySchema, hasta: dayKeySchema }).check(
  z.refine((q) => q.desde <= q.hasta, { message: messages.rateHistoryRangeInvertido, path: ['desde'] }),
  z.refine((q) => q.desde > q.hasta || addDays(q.desde, RATE_HISTORY_MAX_DAYS - 1) >= q.hasta, {
    message: t('rateHistoryRangeTooLong', { dias: RATE_HISTORY_MAX_DAYS }),
    path: ['hasta'],
  }),
);
export type RateHistoryQuery = z.output<typeof rateHistoryQuerySchema>;

/** One calendar day of the history: the rate of that day per source (DESIGN §28), null when none is known yet. */
export interface RateHistoryDay {
  fecha: string;
  oficial: number | null;
  paralelo: number | null;
}

/** GET /api/rates/history → every calendar day of the range, oldest first. */
export interface RateHistoryResponse {
  dias: RateHistoryDay[];
}

/**
 * The market a transaction met (DESIGN §24/§28), stamped at creation, import or sync: the rates in
 * Bs per USD and the day they are from (the parallel value's day; the official one's when there is
 * no parallel value). Absent from a row's JSON when the row has no stamp.
 */
export interface MercadoJson {
  paralelo: number | null;
  oficial: number | null;
  fecha: string;
}
