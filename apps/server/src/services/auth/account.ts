import { eq } from 'drizzle-orm';
import { accountPermission, type AccountNeeds, type Permission, type PermissionActor } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The account behind a request, read on every call so that a deactivation or a role change takes
 * effect at once. HTTP (plugins/auth.ts) and Socket.IO (plugins/realtime-auth.ts) both read it
 * here and both judge it with the shared `accountPermission` (docs/architecture.md "Permissions").
 */
export interface AuthUser {
  id: string;
  email: string;
  role: 'USER' | 'ADMIN';
  emailVerified: boolean;
  membershipEnd: Date | null;
}

export interface AccountRow extends AuthUser {
  isActive: boolean;
}

/** The user columns every authenticated request reads (active? verified? role? membership?). */
export const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  emailVerified: users.emailVerified,
  membershipEnd: users.membershipEnd,
};

export async function loadAccount(db: DbOrTx, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The one account check: the row as the permission module's actor, judged against the rules. */
export function checkAccount(row: AccountRow | undefined, requireEmailVerification: boolean, needs: AccountNeeds = {}): Permission {
  return accountPermission(row && toActor(row), { requireEmailVerification }, needs);
}

export function toActor(row: AccountRow): PermissionActor {
  return { id: row.id, role: row.role, isActive: row.isActive, emailVerified: row.emailVerified, membershipEnd: row.membershipEnd };
}

export function toAuthUser(row: AccountRow): AuthUser {
  return { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerified, membershipEnd: row.membershipEnd };
}
