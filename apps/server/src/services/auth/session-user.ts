import { sql } from 'drizzle-orm';
import { normalizeEmail as sharedNormalizeEmail, type SessionUser } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';

type UserRow = typeof users.$inferSelect;

/** The `user` object of every auth answer (docs/api.md). */
export function toSessionUser(u: UserRow): SessionUser {
  return {
    id: u.id,
    email: u.email,
    user_name: u.userName,
    role: u.role,
    email_verified: u.emailVerified,
    phone_number: u.phoneNumber,
    two_factor_enabled: u.twoFactorEnabled,
  };
}

/**
 * Emails are stored as the shared email schema spells them (NFKC, no invisible characters, lower
 * case: issue 36; migration 0015 brought older rows to it); the unique index is on lower(email).
 */
export function normalizeEmail(email: string): string {
  return sharedNormalizeEmail(email).trim();
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row;
}
