import { and, eq, isNull } from 'drizzle-orm';
import { accountPermission, type AccountNeeds, type Permission, type PermissionActor } from '@arb/shared';
import { loginSessions, users } from '../../db/schema.ts';
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
  /** The login session of the access token (docs/product.md#account-security). */
  sessionId: string;
}

export interface AccountRow extends Omit<AuthUser, 'sessionId'> {
  isActive: boolean;
  /** The access token's session is still open (docs/product.md#account-security); set by the lookups that know the session. */
  sessionLive?: boolean;
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

/** The account, and whether the access token's session is still open (one query). */
export async function loadAccount(db: DbOrTx, userId: string, sessionId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({ ...accountColumns, sessionId: loginSessions.id })
    .from(users)
    .leftJoin(loginSessions, and(eq(loginSessions.id, sessionId), eq(loginSessions.userId, users.id), isNull(loginSessions.revokedAt)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { sessionId: live, ...account } = row;
  return { ...account, sessionLive: live !== null };
}

/**
 * The one account check: the row as the permission module's actor, judged against the rules. An
 * ended session (logout, closed from another device, password reset) stops its tokens at once;
 * a deactivated account is told so first (docs/product.md#account-security).
 */
export function checkAccount(row: AccountRow | undefined, requireEmailVerification: boolean, needs: AccountNeeds = {}): Permission {
  if (row?.isActive && row.sessionLive === false) return { allowed: false, code: 'UNAUTHORIZED', message: 'sessionExpired' };
  return accountPermission(row && toActor(row), { requireEmailVerification }, needs);
}

export function toActor(row: AccountRow): PermissionActor {
  return { id: row.id, role: row.role, isActive: row.isActive, emailVerified: row.emailVerified, membershipEnd: row.membershipEnd };
}

export function toAuthUser(row: AccountRow, sessionId: string): AuthUser {
  return { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerified, membershipEnd: row.membershipEnd, sessionId };
}
