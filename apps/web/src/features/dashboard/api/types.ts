/** API shapes the dashboard reads (DESIGN §3, SPEC §3): defined once in @arb/shared. */
export type {
  Ledger,
  LedgerMember,
  LedgerUser as UserRef,
  Valor,
  TransactionJson as TransactionRow,
  BalancesResponse as Balances,
} from '@arb/shared';
