import { eq } from 'drizzle-orm';
import { messages, type SessionUser } from '@arb/shared';
import { users } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { toSessionUser } from './session-user.ts';

export async function getSessionUser(db: DbOrTx, userId: string): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED', messages.sessionExpired);
  return toSessionUser(row);
}
