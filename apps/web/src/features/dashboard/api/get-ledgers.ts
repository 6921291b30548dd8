import { ledgerKeys } from '../../ledgers';

// One query for the ledger list, owned by the ledgers feature: the dashboard and Mis Registros
// share its cache instead of fetching /api/ledgers under two keys.
export { ledgersQueryOptions, useLedgers } from '../../ledgers';

/** Every ledger query starts with this key: invalidating it refreshes the list everywhere. */
export const ledgersQueryKey = ledgerKeys.all;
