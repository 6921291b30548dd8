/** Query keys of the ledgers feature; mutations invalidate `ledgerKeys.all`. */
export const ledgerKeys = {
  all: ['ledgers'] as const,
  list: () => [...ledgerKeys.all, 'list'] as const,
  invite: (ledgerId: string) => [...ledgerKeys.all, 'invite', ledgerId] as const,
  inviteInfo: (code: string) => [...ledgerKeys.all, 'invite-info', code] as const,
};
