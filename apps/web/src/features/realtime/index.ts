/** Realtime collaboration (SPEC §4, §7): the dashboard's live updates and connection chip. */
export { useLedgerRealtime, type LedgerRealtime, type LedgerRealtimeOptions, type RealtimeChange } from './use-ledger-realtime';
export { ConnectionChip, type ConnectionChipProps } from './components/ConnectionChip';
