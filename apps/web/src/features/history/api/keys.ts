/** Query keys of the history feature; a ledger change invalidates `historyKeys.ledger(id)`. */
export const historyKeys = {
  all: ['history'] as const,
  ledger: (ledgerId: string) => [...historyKeys.all, ledgerId] as const,
  dates: (ledgerId: string) => [...historyKeys.ledger(ledgerId), 'dates'] as const,
  summary: (ledgerId: string) => [...historyKeys.ledger(ledgerId), 'summary'] as const,
  dailyProfit: (ledgerId: string, limit: number) => [...historyKeys.ledger(ledgerId), 'daily-profit', limit] as const,
  activity: (ledgerId: string) => [...historyKeys.ledger(ledgerId), 'activity'] as const,
};
