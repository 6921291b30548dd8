import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The advisory lock key of a ledger's closed periods: the same expression as migration 0022's
 * trigger (decision 0044). Writes take it shared at commit; closing, reopening and a capital
 * registration or its undo take it exclusively.
 */
export const liquidacionLockKey = (ledgerId: string) => sql`hashtextextended(${`liquidacion:${ledgerId}`}, 0)`;

/**
 * The closed periods' day ranges of a ledger, for the paths that skip rather than refuse (an
 * import or a sync skips its orders there with reason "Período liquidado", DESIGN §22). Inside a
 * write, `shared` first takes the ledger's settlement lock in shared mode (migration 0022), so no
 * period can close between this read and the commit.
 */
export async function closedRanges(db: DbOrTx, ledgerId: string, shared = false): Promise<{ desde: string; hasta: string }[]> {
  if (shared) await db.execute(sql`select pg_advisory_xact_lock_shared(${liquidacionLockKey(ledgerId)})`);
  const r = await db.execute<{ desde: string; hasta: string }>(
    sql`select desde::text, hasta::text from liquidaciones where ledger_id = ${ledgerId} order by desde`,
  );
  return r.rows;
}

/** Whether a day lies in one of the ranges. */
export function inClosed(fecha: string | null | undefined, ranges: readonly { desde: string; hasta: string }[]): boolean {
  return !!fecha && ranges.some((p) => fecha >= p.desde && fecha <= p.hasta);
}
