import type { Ledger, LedgerUser } from '@arb/shared';

/** The people who may have entered a ledger's rows, owner first, each once: the search's Miembro filter. */
export function searchMembers(ledger: Pick<Ledger, 'owner' | 'members'>): LedgerUser[] {
  const seen = new Set<string>([ledger.owner.id]);
  const others = ledger.members.map((m) => m.user).filter((u) => !seen.has(u.id) && seen.add(u.id));
  return [ledger.owner, ...others];
}
