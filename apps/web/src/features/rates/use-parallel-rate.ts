import { useQuery } from '@tanstack/react-query';
import { rateQueryOptions } from './api/get-rate';
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
 * The parallel rate the panel shows (same query and cache), for the new-transaction form's
 * "use this rate" action, with whether it is still to come (see ParallelRateState).
 */
export function useParallelRateState(enabled = true): ParallelRateState {
  // `enabled`: the dashboard asks once its day's list has painted (docs/decisions/0019-dashboard-first-paint.md).
  const query = useQuery({ ...rateQueryOptions('paralelo'), select: (answer) => answer.promedio, enabled });
  const rate = isUsableRate(query.data) ? query.data : undefined;
  // 'paused': no connection to ask (TanStack's online mode); it stays so until the connection returns.
  const missing = rate === undefined && (query.isError || query.isSuccess || query.fetchStatus === 'paused');
  return { rate, missing };
}
