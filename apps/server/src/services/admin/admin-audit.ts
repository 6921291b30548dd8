import type { DbOrTx } from '../../db/database.ts';
import { adminAudit } from '../../db/schema.ts';

/** Admin actions recorded in `admin_audit` (docs/operations.md#backups). */
export type AdminAuditAction = 'BACKUP_CREATED' | 'BACKUP_DOWNLOADED';

export async function recordAdminAction(
  db: DbOrTx,
  actorId: string,
  action: AdminAuditAction,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db.insert(adminAudit).values({ actorId, action, detail, at });
}
