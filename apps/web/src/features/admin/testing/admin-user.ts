import type { AdminUser } from '@arb/shared';

/** An AdminUser row as GET /api/admin/users answers it, with the fields a test cares about. */
export const adminUser = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u',
  user_name: 'Ana',
  email: 'ana@example.com',
  role: 'USER',
  is_active: true,
  email_verified: true,
  phone_number: null,
  membership_status: 'inactive',
  days_remaining: 0,
  membership_start: null,
  membership_end: null,
  created_at: '2026-11-01T00:00:00.000Z',
  _count: { ownedLedgers: 1, memberships: 0, paymentProofs: 0 },
  ...over,
});
