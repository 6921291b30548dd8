import { membershipAllowsWrites as sharedGate } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/account.ts';

/** What the membership gate needs to know about a caller; `authorize`'s options carry the same fields. */
export interface MembershipGate {
  /** MEMBERSHIP_REQUIRED; off (or unset) lets everyone write. */
  membershipRequired?: boolean;
  user?: Pick<AuthUser, 'role' | 'membershipEnd'>;
  now?: Date;
}

/**
 * The membership gate (docs/product.md "Memberships"), as the shared permission module defines
 * it, for the server's option bag: without a user (internal calls) it lets the write through.
 */
export function membershipAllowsWrites(gate: MembershipGate): boolean {
  if (!gate.user) return true;
  return sharedGate(gate.user, { membershipRequired: Boolean(gate.membershipRequired), now: gate.now ?? new Date() });
}

export const membershipInactive = () => new AppError('MEMBERSHIP_INACTIVE');

export function assertMembershipAllowsWrites(gate: MembershipGate): void {
  if (!membershipAllowsWrites(gate)) throw membershipInactive();
}
