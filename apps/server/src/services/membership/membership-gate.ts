import { membershipState, messages } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';

/** What DESIGN §4.6 needs to know about a caller; `authorize`'s options carry the same fields. */
export interface MembershipGate {
  /** MEMBERSHIP_REQUIRED; off (or unset) lets everyone write. */
  membershipRequired?: boolean;
  user?: Pick<AuthUser, 'role' | 'membershipEnd'>;
  now?: Date;
}

/**
 * DESIGN §4.6: with MEMBERSHIP_REQUIRED, only an active membership (the shared definition, so the
 * API agrees with the chip the user sees) lets a non-admin write. The one check behind every
 * MEMBERSHIP_INACTIVE answer: ledger writes through `authorize`, and create / join.
 */
export function membershipAllowsWrites(gate: MembershipGate): boolean {
  if (!gate.membershipRequired || !gate.user || gate.user.role === 'ADMIN') return true;
  // A pending proof does not count: only an administrator's approval opens writes again.
  const state = membershipState({ membershipEnd: gate.user.membershipEnd, hasPendingProof: false }, gate.now ?? new Date());
  return state.status === 'active';
}

export const membershipInactive = () => new AppError(403, 'MEMBERSHIP_INACTIVE', messages.membershipInactive);

export function assertMembershipAllowsWrites(gate: MembershipGate): void {
  if (!membershipAllowsWrites(gate)) throw membershipInactive();
}
