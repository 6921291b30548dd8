import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { changeMessage, type ChangeRow } from './change-message.ts';
import { queueSyncNotice, syncBatchCount } from '../binance/sync-notice.ts';

/** Rows of a burst beyond this are counted, not read in full (an import of 20,000 rows is one message). */
const DETAIL_ROWS = 20;

/**
 * Turns committed changes (notification_outbox, written with the change) into one message per
 * recipient: the other members of the ledger who linked Telegram and did not turn `cambios` off.
 * The outbox row is deleted in the same transaction as the messages are written, and claimed with
 * SKIP LOCKED, so every change becomes its messages exactly once whichever instance does it.
 * Answers how many outbox rows it handled.
 */
export async function fanOutChanges(db: Db, appUrl: string, batch = 20): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: string; ledger_id: string; actor_id: string; activity_ids: string[] }>(sql`
      delete from notification_outbox where id in (
        select id from notification_outbox order by id limit ${batch} for update skip locked)
      returning id, ledger_id, actor_id, activity_ids`);
    for (const change of claimed.rows) {
      const recipients = await tx.execute<{ user_id: string }>(sql`
        select m.user_id from ledger_members m
        join telegram_links l on l.user_id = m.user_id
        left join notification_settings s on s.user_id = m.user_id and s.ledger_id = m.ledger_id
        where m.ledger_id = ${change.ledger_id} and m.user_id <> ${change.actor_id} and coalesce(s.cambios, true)`);
      if (recipients.rows.length === 0) continue;
      const ids = sql`${`{${change.activity_ids.join(',')}}`}::bigint[]`;
      const detail = change.activity_ids.length <= DETAIL_ROWS;
      const [names, rows] = await Promise.all([
        tx.execute<{ ledger_name: string; actor_name: string | null }>(sql`
          select l.name as ledger_name, u.user_name as actor_name
          from ledgers l left join users u on u.id = ${change.actor_id} where l.id = ${change.ledger_id}`),
        tx.execute<ChangeRow & Record<string, unknown>>(sql`
          select a.action, a.fecha, case when ${detail}::boolean then a.before end as before,
            case when ${detail}::boolean then a.after end as after,
            -- A cuadre's notice names its account (change-message.ts).
            (select json_build_object('nombre', c.nombre, 'moneda', c.moneda) from cuentas c
              where a.action = 'CUADRE_CREATED' and c.id::text = a.after->>'cuenta_id') as cuenta
          from activity a where a.id = any(${ids}) order by a.id`),
      ]);
      const head = names.rows[0];
      if (!head) continue;
      // Binance sync batches: one held message an hour per ledger, summing them (docs/product.md#binance-sync).
      const synced = syncBatchCount(rows.rows);
      if (synced !== undefined) {
        const recipientIds = recipients.rows.map((r) => r.user_id);
        await queueSyncNotice(tx, {
          ledgerId: change.ledger_id,
          ledgerName: head.ledger_name,
          created: synced,
          recipients: recipientIds,
          appUrl,
          now: new Date(),
        });
        continue;
      }
      const text = changeMessage({
        ledgerId: change.ledger_id,
        ledgerName: head.ledger_name,
        actorName: head.actor_name ?? 'Un miembro',
        rows: rows.rows,
        appUrl,
      });
      if (text === null) continue;
      for (const r of recipients.rows) {
        await tx.execute(sql`
          insert into telegram_messages (user_id, dedupe_key, text) values (${r.user_id}, ${`c:${change.id}:${r.user_id}`}, ${text})
          on conflict (dedupe_key) do nothing`);
      }
    }
    return claimed.rows.length;
  });
}
