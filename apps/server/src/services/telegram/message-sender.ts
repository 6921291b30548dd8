import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { backoffMs } from '../mail/sender.ts';
import { BotApiError, type BotApi } from './bot-api.ts';

export interface SendOptions {
  /** Retry n of a failed call waits base·2^(n-1), capped: 1 s, 2 s, 4 s … 30 s (docs/product.md#telegram-notices). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Between two messages to one chat, across instances (Telegram allows about one per second). */
  chatIntervalMs: number;
  /** A claimed message is not retried by another instance for this long (a crash frees it after). */
  leaseMs: number;
  batch: number;
}

interface Claimed {
  id: string;
  user_id: string;
  chat_id: string;
  text: string;
  attempts: number;
}

/**
 * Claims due messages, at most one per chat whose next allowed send has come, and holds that
 * chat for the call (until `deliver` sets its next slot, or a lease's end after a crash) — all in
 * one transaction: the message rows are locked (SKIP LOCKED, so two
 * instances never take the same one) and the chat's `next_send_at` is moved only if it was due
 * (the conditional upsert waits on a concurrent reservation and then sees it), so one chat gets
 * at most one message per interval whichever instance sends. The claim puts the message's next
 * attempt a lease away, so a crash during the call only delays it.
 */
async function claim(db: Db, o: SendOptions): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<Claimed & Record<string, unknown>>(sql`
      select m.id, m.user_id, l.chat_id, m.text, m.attempts
      from telegram_messages m
      join telegram_links l on l.user_id = m.user_id
      where m.sent_at is null and m.failed_at is null and m.next_attempt_at <= now()
        and not exists (select 1 from telegram_chats c where c.chat_id = l.chat_id and c.next_send_at > now())
      order by m.id
      limit ${o.batch}
      for update of m skip locked`);
    const claimed: Claimed[] = [];
    const chats = new Set<string>();
    for (const m of due.rows) {
      if (chats.has(m.chat_id)) continue;
      const slot = await tx.execute(sql`
        insert into telegram_chats (chat_id, next_send_at) values (${m.chat_id}, now() + make_interval(secs => ${o.leaseMs / 1000}))
        on conflict (chat_id) do update set next_send_at = excluded.next_send_at where telegram_chats.next_send_at <= now()
        returning chat_id`);
      if (slot.rows.length === 0) continue;
      chats.add(m.chat_id);
      await tx.execute(sql`
        update telegram_messages set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${o.leaseMs / 1000})
        where id = ${m.id}`);
      claimed.push({ ...m, attempts: m.attempts + 1 });
    }
    return claimed;
  });
}

async function deliver(db: Db, api: BotApi, m: Claimed, o: SendOptions, log: FastifyBaseLogger): Promise<void> {
  let failure: BotApiError | undefined;
  try {
    await api.sendMessage(Number(m.chat_id), m.text);
  } catch (err) {
    failure = err instanceof BotApiError ? err : new BotApiError('transient', err instanceof Error ? err.message : String(err));
    log.warn({ messageId: m.id, attempts: m.attempts, kind: failure.kind, err: failure.message }, 'telegram: message not delivered');
  }
  const error = failure?.message.slice(0, 500) ?? null;
  // The chat's next slot counts from the end of this call (the claim held it meanwhile), so two
  // messages reach Telegram at least the interval apart however long a call took; Telegram's
  // retry_after holds for the whole chat. One transaction: nobody sees the outcome half written.
  const chatWaitS = failure?.kind === 'rate-limited' ? (failure.retryAfterS ?? 1) : o.chatIntervalMs / 1000;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update telegram_chats set next_send_at = clock_timestamp() + make_interval(secs => ${chatWaitS}) where chat_id = ${m.chat_id}`,
    );
    if (!failure) {
      await tx.execute(sql`update telegram_messages set sent_at = now(), last_error = null where id = ${m.id}`);
    } else if (failure.kind === 'rate-limited') {
      await tx.execute(
        sql`update telegram_messages set last_error = ${error}, next_attempt_at = clock_timestamp() + make_interval(secs => ${chatWaitS}) where id = ${m.id}`,
      );
    } else if (failure.kind === 'blocked' || failure.kind === 'permanent') {
      // 403: the user blocked the bot — unlink the chat (its other pending messages are then
      // closed by dropUnlinked). Another 4xx: this message will never be accepted.
      if (failure.kind === 'blocked') await tx.execute(sql`delete from telegram_links where chat_id = ${m.chat_id}`);
      await tx.execute(sql`update telegram_messages set last_error = ${error}, failed_at = now() where id = ${m.id}`);
    } else {
      const wait = backoffMs(m.attempts, o.backoffBaseMs, o.backoffMaxMs);
      await tx.execute(
        sql`update telegram_messages set last_error = ${error}, next_attempt_at = clock_timestamp() + make_interval(secs => ${wait / 1000}) where id = ${m.id}`,
      );
    }
  });
}

/** Messages of a user who is no longer linked (/stop, 403) are never sent: close them. */
export async function dropUnlinked(db: Db): Promise<number> {
  const res = await db.execute(sql`
    update telegram_messages m set failed_at = now(), last_error = 'sin chat vinculado'
    where m.sent_at is null and m.failed_at is null and not exists (select 1 from telegram_links l where l.user_id = m.user_id)`);
  return res.rowCount ?? 0;
}

/** One round: claim what may go now and hand it to Telegram (chats in parallel). Answers how many were claimed. */
export async function sendDueMessages(db: Db, api: BotApi, o: SendOptions, log: FastifyBaseLogger): Promise<number> {
  const claimed = await claim(db, o);
  await Promise.all(claimed.map((m) => deliver(db, api, m, o, log)));
  return claimed.length;
}
