import { useQuery } from '@tanstack/react-query';
import { rateQueryOptions } from './api/get-rate';
import { isUsableRate } from './lib/rate-display';

/**
 * The parallel rate the panel shows (same query and cache), for the new-transaction form's
 * "use this rate" action; undefined until a usable value is known.
 */
export function useParallelRate(): number | undefined {
  const { data } = useQuery({ ...rateQueryOptions('paralelo'), select: (answer) => answer.promedio });
  return isUsableRate(data) ? data : undefined;
}
