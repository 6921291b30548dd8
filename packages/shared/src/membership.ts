import { todayKey } from './days.ts';

/**
 * Membership status (docs/product.md#permissions), the one definition used by the server (API answers) and the web
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
  /**
   * Calendar days left in `timeZone` (APP_TIMEZONE): from today to the last day the membership
   * still covers, the day of its last instant (docs/product.md#memberships; issue 25: an end at the close
   * of 30/11 seen on 23/11 is 7). At least 1 while active (the last day itself); 0 unless active.
   */
  daysRemaining: number;
}

const DAY_MS = 86_400_000;

/** Whole days between two day keys (b − a). */
function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

export function membershipState(facts: MembershipFacts, now: Date, timeZone?: string): MembershipState {
  const end = facts.membershipEnd === null ? null : new Date(facts.membershipEnd);
  const left = end && !Number.isNaN(end.getTime()) ? end.getTime() - now.getTime() : null;
  if (end && left !== null && left > 0) {
    const lastDay = todayKey(timeZone, new Date(end.getTime() - 1));
    return { status: 'active', daysRemaining: Math.max(1, dayDiff(todayKey(timeZone, now), lastDay)) };
  }
  if (facts.hasPendingProof) return { status: 'pending_payment', daysRemaining: 0 };
  // A membership that ended leaves its end date behind; never having had one leaves none.
  if (end) return { status: 'expired', daysRemaining: 0 };
  return { status: 'inactive', daysRemaining: 0 };
}

/** docs/product.md#accounts-and-sessions labels; anything unknown is shown as Inactiva. */
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Activa',
  expired: 'Expirada',
  pending_payment: 'Pago Pendiente',
  inactive: 'Inactiva',
};

/** packages/shared/src/constants.ts days-remaining colour: red at 7 or fewer, orange at 15 or fewer, otherwise green. */
export function daysRemainingColor(days: number): 'red' | 'orange' | 'green' {
  if (days <= 7) return 'red';
  if (days <= 15) return 'orange';
  return 'green';
}
