import { useQuery } from '@tanstack/react-query';
import { todayKey } from '@arb/shared';
import { rateQueryOptions } from './api/get-rate';
import { rateHistoryQueryOptions } from './api/get-rate-history';
import { isUsableRate } from './lib/rate-display';

/** The parallel rate for the new-transaction form, and whether it is known to be missing. */
export interface ParallelRateState {
  /** A usable value, or undefined. */
  rate: number | undefined;
  /**
   * True once waiting is over without a usable value: the request failed, the answer had no usable
   * rate, or there is no connection to ask. False while it is not asked yet or on its way.
   */
  missing: boolean;
}

/**
 * The parallel rate for the new-transaction form of day `fecha`, with whether it is still to come
 * (see ParallelRateState). Today (or no day given): the live rate the panel shows (same query and
 * cache). A past day: that day's parallel rate by DESIGN §28's "rate of a day" rule
 * (GET /api/rates/history), the one the day's Posición card and its rows' margins use — the live rate
 * offered on 21/11 was another day's price (docs/decisions/0066-closed-days-and-past-rates-on-the-dashboard.md).
 */
export function useParallelRateState(enabled = true, fecha?: string): ParallelRateState {
  const past = fecha !== undefined && fecha < todayKey();
  // `enabled`: the dashboard asks once its day's list has painted (docs/decisions/0019-dashboard-first-paint.md).
  const live = useQuery({ ...rateQueryOptions('paralelo'), select: (answer) => answer.promedio, enabled: enabled && !past });
  const day = useQuery({
    ...rateHistoryQueryOptions(fecha ?? '', fecha ?? ''),
    select: (answer) => answer.dias[0]?.paralelo ?? null,
    enabled: enabled && past,
  });
  const query = past ? day : live;
  const rate = isUsableRate(query.data) ? query.data : undefined;
  // 'paused': no connection to ask (TanStack's online mode); it stays so until the connection returns.
  const missing = rate === undefined && (query.isError || query.isSuccess || query.fetchStatus === 'paused');
  return { rate, missing };
}
