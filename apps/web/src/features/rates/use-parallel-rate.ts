import { useQuery } from '@tanstack/react-query';
import { rateQueryOptions } from './api/get-rate';
import { isUsableRate } from './lib/rate-display';

/**
 * The parallel rate the panel shows (same query and cache), for the new-transaction form's
 * "use this rate" action; undefined until a usable value is known (and while not `enabled`).
 */
export function useParallelRate(enabled = true): number | undefined {
  // `enabled`: the dashboard asks once its day's list has painted (docs/decisions/0019-dashboard-first-paint.md).
  const { data } = useQuery({ ...rateQueryOptions('paralelo'), select: (answer) => answer.promedio, enabled });
  return isUsableRate(data) ? data : undefined;
}
