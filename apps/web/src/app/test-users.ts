import type { SessionUser } from '@arb/shared';

/** The signed-in user of the app's guard and session tests. */
export const ANA: SessionUser = {
  id: 'u-ana',
  email: 'ana@example.com',
  user_name: 'Ana',
  role: 'USER',
  email_verified: true,
  phone_number: null,
};
