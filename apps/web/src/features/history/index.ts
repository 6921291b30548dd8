/** Public API of the history feature (other features import only from here). */
export { historyKeys } from './api/keys';
