import { describe, expect, it } from 'vitest';
import { assertMembershipAllowsWrites, membershipAllowsWrites } from './membership-gate.ts';

const now = new Date('2026-11-22T12:00:00Z');
const user = (membershipEnd: Date | null, role: 'USER' | 'ADMIN' = 'USER') => ({ role, membershipEnd });

describe('membershipAllowsWrites (docs/product.md#memberships)', () => {
  it.each([
    ['gate off, no membership', { membershipRequired: false, user: user(null), now }, true],
    ['no membership', { membershipRequired: true, user: user(null), now }, false],
    ['ended yesterday', { membershipRequired: true, user: user(new Date('2026-11-21T12:00:00Z')), now }, false],
    ['ends this very instant', { membershipRequired: true, user: user(now), now }, false],
    ['one millisecond left', { membershipRequired: true, user: user(new Date(now.getTime() + 1)), now }, true],
    ['admin without membership', { membershipRequired: true, user: user(null, 'ADMIN'), now }, true],
  ])('%s → %s', (_name, gate, allowed) => {
    expect(membershipAllowsWrites(gate)).toBe(allowed);
  });

  it('the refusal is a 403 MEMBERSHIP_INACTIVE with the Spanish text', () => {
    expect(() => assertMembershipAllowsWrites({ membershipRequired: true, user: user(null), now })).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'MEMBERSHIP_INACTIVE',
        message: 'Tu membresía no está activa. Sube tu comprobante de pago en Mi Membresía.',
      }),
    );
  });
});
