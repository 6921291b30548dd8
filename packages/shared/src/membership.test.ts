import { describe, expect, it } from 'vitest';
import { daysRemainingColor, membershipState } from './membership.ts';

const now = new Date('2026-11-21T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('membershipState (DESIGN §4)', () => {
  it.each([
    ['future end → active, days rounded up', { membershipEnd: at('2026-11-21T12:00:00.001Z'), hasPendingProof: false }, 'active', 1],
    ['exactly 30 days → 30', { membershipEnd: at('2026-12-21T12:00:00Z'), hasPendingProof: false }, 'active', 30],
    ['30 days and 1 hour → 31', { membershipEnd: at('2026-12-21T13:00:00Z'), hasPendingProof: false }, 'active', 31],
    ['active wins over a pending proof', { membershipEnd: at('2026-11-25T00:00:00Z'), hasPendingProof: true }, 'active', 4],
    ['end equal to now is over', { membershipEnd: now, hasPendingProof: false }, 'expired', 0],
    [
      'past end with pending proof → pending_payment',
      { membershipEnd: at('2026-11-01T00:00:00Z'), hasPendingProof: true },
      'pending_payment',
      0,
    ],
    ['never a member, proof pending → pending_payment', { membershipEnd: null, hasPendingProof: true }, 'pending_payment', 0],
    ['past end → expired', { membershipEnd: '2026-11-01T00:00:00Z', hasPendingProof: false }, 'expired', 0],
    ['never a member → inactive', { membershipEnd: null, hasPendingProof: false }, 'inactive', 0],
  ] as const)('%s', (_name, facts, status, days) => {
    expect(membershipState(facts, now)).toEqual({ status, daysRemaining: days });
  });

  it('colours days remaining per SPEC §9', () => {
    expect([1, 7, 8, 15, 16, 30].map(daysRemainingColor)).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
  });
});
