import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { ledgerMembers, ledgers, loginSessions, users } from '../../src/db/schema.ts';
import type { TestApp } from './test-app.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  role: 'USER' | 'ADMIN';
  /** Their personal ledger "Mi Registro". */
  ledgerId: string;
}

let seq = 0;

/**
 * A user inserted directly (verified by default) with a signed access token and a personal
 * ledger, for tests that are not about sign-up itself.
 */
export async function createUser(
  t: TestApp,
  opts: { email?: string; role?: 'USER' | 'ADMIN'; verified?: boolean; name?: string; password?: string; membershipEnd?: Date | null } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user${++seq}-${randomBytes(3).toString('hex')}@example.com`;
  const password = opts.password ?? 'Secreta123!';
  const [user] = await t.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hash(password),
      userName: opts.name ?? email.split('@')[0]!,
      role: opts.role ?? 'USER',
      emailVerified: opts.verified ?? true,
      membershipEnd: opts.membershipEnd ?? null,
    })
    .returning();
  const [ledger] = await t.ctx.db
    .insert(ledgers)
    .values({ name: 'Mi Registro', ownerId: user!.id, inviteCode: randomBytes(12).toString('base64url') })
    .returning();
  await t.ctx.db.insert(ledgerMembers).values({ ledgerId: ledger!.id, userId: user!.id, canModifyBalance: true });
  // A real login session: access tokens carry it and are refused once it ends (docs/product.md#account-security).
  const sid = randomUUID();
  await t.ctx.db.insert(loginSessions).values({ id: sid, userId: user!.id, ip: '127.0.0.1' });
  const token = await t.ctx.tokens.sign({ sub: user!.id, role: user!.role, sid });
  return { id: user!.id, email, password, token, role: user!.role, ledgerId: ledger!.id };
}

/** Adds `user` to `ledgerId` as a member. */
export async function addMember(t: TestApp, ledgerId: string, userId: string, canModifyBalance = false): Promise<void> {
  await t.ctx.db.insert(ledgerMembers).values({ ledgerId, userId, canModifyBalance });
}
