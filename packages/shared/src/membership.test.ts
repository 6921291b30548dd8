import { describe, expect, it } from 'vitest';
import { daysRemainingColor, membershipState } from './membership.ts';

const now = new Date('2026-11-21T12:00:00Z');
const at = (iso: string) => new Date(iso);
const TZ = 'America/Caracas'; // UTC−4: 21/11 12:00Z is 21/11 08:00 there

describe('membershipState (docs/product.md#permissions)', () => {
  it.each([
    [
      'ends later today → active, 1 (the last day itself)',
      { membershipEnd: at('2026-11-21T12:00:00.001Z'), hasPendingProof: false },
      'active',
      1,
    ],
    // last instant 21/12 08:00 Caracas; 21/11 → 21/12 is 30 calendar days
    ['same time in 30 days → 30', { membershipEnd: at('2026-12-21T12:00:00Z'), hasPendingProof: false }, 'active', 30],
    // 21/12 09:00 Caracas is still the 21st: calendar days, not hours rounded up
    ['30 days and 1 hour → still 30', { membershipEnd: at('2026-12-21T13:00:00Z'), hasPendingProof: false }, 'active', 30],
    // ends at 25/11 00:00 Caracas = the close of 24/11: 21 → 24 is 3
    ['active wins over a pending proof', { membershipEnd: at('2026-11-25T04:00:00Z'), hasPendingProof: true }, 'active', 3],
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
    expect(membershipState(facts, now, TZ)).toEqual({ status, daysRemaining: days });
  });

  it('issue 25: an expiry at the close of 30/11 seen on 23/11 shows 7, at any hour of the 23rd', () => {
    const closeOf30 = at('2026-12-01T04:00:00Z'); // 01/12 00:00 in Caracas
    // 23/11 00:30 and 23:30 in Caracas; the old ms-based count said 8 for the early one
    for (const seen of ['2026-11-23T04:30:00Z', '2026-11-24T03:30:00Z']) {
      expect(membershipState({ membershipEnd: closeOf30, hasPendingProof: false }, at(seen), TZ).daysRemaining).toBe(7);
    }
    // 23:59:59 on 30/11 Caracas: same last day, same count
    expect(membershipState({ membershipEnd: at('2026-12-01T03:59:59Z'), hasPendingProof: false }, at('2026-11-23T15:00:00Z'), TZ)).toEqual({
      status: 'active',
      daysRemaining: 7,
    });
  });

  it('colours days remaining per packages/shared/src/constants.ts', () => {
    expect([1, 7, 8, 15, 16, 30].map(daysRemainingColor)).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
  });
});
