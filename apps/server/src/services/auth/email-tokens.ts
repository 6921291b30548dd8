import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_TTL_HOURS, VERIFY_TOKEN_TTL_HOURS } from '@arb/shared';
import { emailTokens } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/database.ts';
import { randomToken, sha256 } from './random-token.ts';

export type EmailTokenKind = 'verify' | 'reset';

const TTL_MS: Record<EmailTokenKind, number> = {
  verify: VERIFY_TOKEN_TTL_HOURS * 3_600_000,
  reset: RESET_TOKEN_TTL_HOURS * 3_600_000,
};

/**
 * A new single-use token for `email` (verification 24 h, reset 1 h), stored hashed. A new reset
 * link retires the earlier ones (only the latest may change the password); verification links
 * stay valid side by side, so resending never breaks the first email's link (issue 25).
 */
export async function createEmailToken(
  tx: DbOrTx,
  opts: { userId: string; kind: EmailTokenKind; email: string; now: Date },
): Promise<string> {
  if (opts.kind === 'reset') {
    await tx
      .update(emailTokens)
      .set({ usedAt: opts.now })
      .where(and(eq(emailTokens.userId, opts.userId), eq(emailTokens.kind, opts.kind), isNull(emailTokens.usedAt)));
  }
  const token = randomToken();
  await tx.insert(emailTokens).values({
    userId: opts.userId,
    kind: opts.kind,
    email: opts.email,
    tokenHash: sha256(token),
    expiresAt: new Date(opts.now.getTime() + TTL_MS[opts.kind]),
  });
  return token;
}

/** Marks the token used and returns it, atomically; undefined if unknown, expired or already used. */
export async function consumeEmailToken(tx: DbOrTx, kind: EmailTokenKind, token: string, now: Date) {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)),
    )
    .returning();
  return row;
}

/** The stored token whatever its state (used, expired), or undefined if it was never issued. */
export async function findEmailToken(tx: DbOrTx, kind: EmailTokenKind, token: string) {
  const [row] = await tx
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.kind, kind)))
    .limit(1);
  return row;
}
