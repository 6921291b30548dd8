import { sql } from 'drizzle-orm';
import type { ActivityEntry } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';

/** A page of a ledger's activity, newest first; `before` is the id of the last row of the previous page. */
export async function listActivity(db: DbOrTx, ledgerId: string, before: number | undefined, limit: number): Promise<ActivityEntry[]> {
  const result = await db.execute<{
    id: string;
    action: string;
    entity_id: string | null;
    fecha: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    created_at: string;
    restored_at: string | null;
    user_id: string | null;
    user_name: string | null;
  }>(sql`
    select a.id::text as id, a.action, a.entity_id, a.fecha::text as fecha, a.before, a.after,
      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(a.restored_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as restored_at, a.user_id, u.user_name
    from activity a left join users u on u.id = a.user_id
    where a.ledger_id = ${ledgerId} ${before !== undefined ? sql`and a.id < ${before}` : sql``}
    order by a.id desc limit ${limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    entityId: r.entity_id,
    fecha: r.fecha,
    before: r.before,
    after: r.after,
    createdAt: r.created_at,
    restoredAt: r.restored_at,
    user: r.user_id && r.user_name !== null ? { id: r.user_id, user_name: r.user_name } : null,
  }));
}
