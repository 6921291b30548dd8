/**
 * Realtime collaboration (docs/product.md#accounts-and-sessions, docs/api.md#calls): the dashboard's live updates and connection chip.
 *
 * Usage on the dashboard (one socket for the page; it re-joins when `ledgerId` changes):
 *
 *   const { connected } = useLedgerRealtime({
 *     ledgerId, fecha,                                   // the ledger and day on screen
 *     onChange: () => queryClient.invalidateQueries(...), // balances + list (and ledgers for member/name events)
 *     onMemberRemoved: () => navigate('/dashboard'),      // the current user was expelled (type MEMBER_REMOVED) or left (MEMBER_LEFT)
 *     onLedgerDeleted: () => navigate('/dashboard'),      // `byUserId` says who did it
 *   });
 *   <ConnectionChip connected={connected} />
 */
export { useLedgerRealtime, type LedgerRealtime, type LedgerRealtimeOptions, type RealtimeChange } from './use-ledger-realtime';
export { ConnectionChip, type ConnectionChipProps } from '../../shared/ui/ConnectionChip';
