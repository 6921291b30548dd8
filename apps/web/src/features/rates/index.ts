/** Public API of the rates feature (other features import only from here). */
export { RatesPanel } from './components/RatesPanel';
export { useParallelRate, useParallelRateState, type ParallelRateState } from './use-parallel-rate';
