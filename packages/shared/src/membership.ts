/**
 * Membership status (DESIGN §4), the one definition used by the server (API answers) and the web
 * (banner, chips). Invariants: `active` exactly while `membership_end` is in the future, and then
 * `days_remaining >= 1`; in every other status `days_remaining` is 0.
 */
export const MEMBERSHIP_STATUSES = ['active', 'pending_payment', 'expired', 'inactive'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export interface MembershipFacts {
  membershipEnd: Date | string | null;
  /** A payment proof awaits an administrator's review. */
  hasPendingProof: boolean;
}

export interface MembershipState {
  status: MembershipStatus;
  /** Whole days left, rounded up (1 ms left is 1 day); 0 unless active. */
  daysRemaining: number;
}

const DAY_MS = 86_400_000;

export function membershipState(facts: MembershipFacts, now: Date): MembershipState {
  const end = facts.membershipEnd === null ? null : new Date(facts.membershipEnd);
  const left = end && !Number.isNaN(end.getTime()) ? end.getTime() - now.getTime() : null;
  if (left !== null && left > 0) return { status: 'active', daysRemaining: Math.ceil(left / DAY_MS) };
  if (facts.hasPendingProof) return { status: 'pending_payment', daysRemaining: 0 };
  // A membership that ended leaves its end date behind; never having had one leaves none.
  if (end) return { status: 'expired', daysRemaining: 0 };
  return { status: 'inactive', daysRemaining: 0 };
}

/** SPEC §4 labels; anything unknown is shown as Inactiva. */
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Activa',
  expired: 'Expirada',
  pending_payment: 'Pago Pendiente',
  inactive: 'Inactiva',
};

/** SPEC §9 days-remaining colour: red at 7 or fewer, orange at 15 or fewer, otherwise green. */
export function daysRemainingColor(days: number): 'red' | 'orange' | 'green' {
  if (days <= 7) return 'red';
  if (days <= 15) return 'orange';
  return 'green';
}
