/** API shapes the dashboard reads (docs/api.md, docs/api.md): defined once in @arb/shared. */
export type {
  Ledger,
  LedgerMember,
  LedgerUser as UserRef,
  Valor,
  TransactionJson as TransactionRow,
  BalancesResponse as Balances,
} from '@arb/shared';
