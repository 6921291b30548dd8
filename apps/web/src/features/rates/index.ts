/** Public API of the rates feature (other features import only from here). */
export { RatesPanel } from './components/RatesPanel';
export { useParallelRateState, type ParallelRateState } from './use-parallel-rate';
export { rateQueryOptions } from './api/get-rate';
export { rateHistoryQueryOptions, useRateHistory } from './api/get-rate-history';
