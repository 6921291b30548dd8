import { sql } from 'drizzle-orm';
import { messages } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';

/**
 * Sync batches are announced on Telegram at most once an hour per ledger, one message summing
 * them (DESIGN §28; docs/product.md#binance-sync): a periodic sync every 15 minutes must not send
 * four messages an hour. The message of the hour is held (`next_attempt_at` = the end of the
 * hour) and each further batch of that hour adds its count to it; recipients are the change's
 * (members with Telegram and `cambios` on, never the author).
 */
const HOUR_MS = 3_600_000;

export interface SyncActivityRow {
  action: string;
  after: unknown;
}

/** The batches' created counts when every row of the change is a sync batch; else undefined (a normal change). */
export function syncBatchCount(rows: readonly SyncActivityRow[]): number | undefined {
  if (rows.length === 0) return undefined;
  let sum = 0;
  for (const r of rows) {
    const a = (r.after ?? {}) as { fileName?: unknown; created?: unknown };
    if (r.action !== 'IMPORT_CREATED' || a.fileName !== messages.binanceSyncFileName) return undefined;
    sum += typeof a.created === 'number' ? a.created : 0;
  }
  return sum;
}

const HEAD = 'Sincronización con Binance: ';
const TAIL = ' operaciones nuevas en la última hora';

/** Queues (or adds to) the hour's held message for each recipient. */
export async function queueSyncNotice(
  tx: DbOrTx,
  o: { ledgerId: string; ledgerName: string; created: number; recipients: readonly string[]; appUrl: string; now: Date },
): Promise<void> {
  if (o.created <= 0) return;
  const hour = Math.floor(o.now.getTime() / HOUR_MS);
  const sendAt = new Date((hour + 1) * HOUR_MS).toISOString();
  const prefix = `${o.ledgerName}\n${HEAD}`;
  const suffix = `${TAIL}\n${o.appUrl}/ledger/${encodeURIComponent(o.ledgerId)}/history`;
  for (const userId of o.recipients) {
    // The running total lives in the held text ("…Binance: N operaciones…") and is read back to add to it.
    await tx.execute(sql`
      insert into telegram_messages (user_id, dedupe_key, text, next_attempt_at)
      values (${userId}, ${`binance-sync:${o.ledgerId}:${hour}:${userId}`}, ${`${prefix}${o.created}${suffix}`}, ${sendAt}::timestamptz)
      on conflict (dedupe_key) do update set
        text = ${prefix} || (coalesce(substring(telegram_messages.text from ${`${HEAD}([0-9]+)`})::int, 0) + ${o.created})::text || ${suffix}
        where telegram_messages.sent_at is null`);
  }
}
