import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/database.ts';
import { backoffMs } from '../mail/sender.ts';
import type { BotApi, TelegramUpdate } from './bot-api.ts';

/** The advisory lock only the polling instance holds (an arbitrary constant of ours). */
export const POLL_LOCK_KEY = 7_340_001_501;

export interface PollerOptions {
  db: Db;
  /** A separate session holds the lock: if this instance dies, PostgreSQL ends it and frees the lock. */
  databaseUrl: string;
  api: BotApi;
  log: FastifyBaseLogger;
  onUpdate(update: TelegramUpdate): Promise<void>;
  /** How often an instance without the lock tries to take it (takeover within this, ≤ 30 s). */
  takeoverMs: number;
  /** getUpdates long-poll wait in seconds. */
  longPollS: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export interface Poller {
  start(): void;
  stop(): Promise<void>;
  /** Whether this instance holds the lock now (tests). */
  readonly polling: boolean;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/**
 * Long polling of getUpdates by one instance at a time (docs/product.md#telegram-notices): every instance tries
 * `pg_try_advisory_lock` on its own connection every `takeoverMs`; the holder polls while its
 * session lives. The update offset is kept in the database, so a takeover neither replays nor
 * skips updates. No public URL (webhook) is needed.
 */
export function createPoller(o: PollerOptions): Poller {
  let stopper: AbortController | undefined;
  let loop: Promise<void> | undefined;
  let polling = false;

  const pollWhileHeld = async (lost: AbortSignal, signal: AbortSignal) => {
    let failures = 0;
    while (!signal.aborted && !lost.aborted) {
      try {
        const state = await o.db.execute<{ update_offset: string }>(sql`select update_offset from telegram_bot_state where id = 1`);
        const offset = Number(state.rows[0]?.update_offset ?? 0);
        const updates = await o.api.getUpdates(offset, o.longPollS, AbortSignal.any([signal, lost]));
        failures = 0;
        for (const u of updates) {
          try {
            await o.onUpdate(u);
          } catch (err) {
            o.log.warn({ err, updateId: u.update_id }, 'telegram: update not handled');
          }
          await o.db.execute(sql`
            insert into telegram_bot_state (id, update_offset) values (1, ${u.update_id + 1})
            on conflict (id) do update set update_offset = greatest(telegram_bot_state.update_offset, excluded.update_offset)`);
        }
      } catch (err) {
        if (signal.aborted || lost.aborted) return;
        failures++;
        o.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'telegram: getUpdates failed; will retry');
        await sleep(backoffMs(failures, o.backoffBaseMs, o.backoffMaxMs), signal);
      }
    }
  };

  const run = async (signal: AbortSignal) => {
    while (!signal.aborted) {
      const client = new pg.Client({
        connectionString: o.databaseUrl,
        application_name: 'arb-telegram-poll',
        connectionTimeoutMillis: 5_000,
      });
      const lost = new AbortController();
      client.on('error', () => lost.abort());
      client.on('end', () => lost.abort());
      try {
        await client.connect();
        while (!signal.aborted && !lost.signal.aborted) {
          const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [POLL_LOCK_KEY]);
          if (rows[0]?.ok) {
            polling = true;
            o.log.info('telegram: this instance polls getUpdates');
            await pollWhileHeld(lost.signal, signal);
            polling = false;
            break;
          }
          await sleep(o.takeoverMs, signal);
        }
      } catch (err) {
        if (!signal.aborted) o.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'telegram: poll lock unavailable');
      } finally {
        polling = false;
        // Ending the session frees the lock for another instance at once.
        await client.end().catch(() => undefined);
      }
      if (!signal.aborted) await sleep(o.takeoverMs, signal);
    }
  };

  return {
    start() {
      if (loop) return;
      stopper = new AbortController();
      loop = run(stopper.signal);
    },
    async stop() {
      stopper?.abort();
      await loop;
      loop = undefined;
    },
    get polling() {
      return polling;
    },
  };
}
