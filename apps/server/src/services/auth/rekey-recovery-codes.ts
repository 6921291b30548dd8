import { and, eq, notLike } from 'drizzle-orm';
import { recoveryCodes } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { KeyedHash } from '../../lib/keyed-hash.ts';
import { KEYED_RECOVERY_PREFIX, keyRecoveryDigest } from './totp.ts';

/**
 * Keys the recovery codes stored before issue 36 (unkeyed SHA-256 digests), at start-up: a SQL
 * migration cannot, since the key comes from JWT_SECRET. The keyed hash is taken over the old
 * digest, so every old code keeps working without being known (docs/decisions/0033-trust-first-security.md).
 * A row changes only if it still holds the digest read, so instances starting together agree.
 * Answers how many rows were keyed (at most ten per user with two-factor: one transaction).
 */
export async function rekeyLegacyRecoveryCodes(db: Db, key: KeyedHash): Promise<number> {
  return db.transaction(async (tx) => {
    const legacy = await tx
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(notLike(recoveryCodes.codeHash, `${KEYED_RECOVERY_PREFIX}%`));
    let keyed = 0;
    for (const row of legacy) {
      const done = await tx
        .update(recoveryCodes)
        .set({ codeHash: keyRecoveryDigest(key, row.codeHash) })
        .where(and(eq(recoveryCodes.id, row.id), eq(recoveryCodes.codeHash, row.codeHash)))
        .returning({ id: recoveryCodes.id });
      keyed += done.length;
    }
    return keyed;
  });
}
