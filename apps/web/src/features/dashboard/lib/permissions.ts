// The one web adaptor of the shared permission module lives in shared/lib; kept here for the
// dashboard's existing imports.
export { ledgerPermissions, type LedgerPermissions } from '../../../shared/lib/ledger-permissions';
