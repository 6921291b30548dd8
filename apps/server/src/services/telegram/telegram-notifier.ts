import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createBotApi, type BotApi } from './bot-api.ts';
import { createPoller, type Poller } from './bot-poller.ts';
import { fanOutChanges } from './change-fanout.ts';
import { queueDailySummaries } from './daily-summary.ts';
import { dropUnlinked, sendDueMessages, type SendOptions } from './message-sender.ts';
import { answerBotCommand } from './telegram-link.ts';

/** Timings of the notifier; docs/product.md#telegram-notices's values by default, shortened by tests. */
export interface TelegramTuning extends Partial<SendOptions> {
  /** How often the outbox and the messages are looked at (a local change wakes it at once). */
  pollMs?: number;
  takeoverMs?: number;
  longPollS?: number;
  /** How often the 20:00 summary is looked for; 0 = only when `summaryTick()` is called (tests). */
  summaryEveryMs?: number;
  /** Every Bot API call's time-out. */
  callTimeoutMs?: number;
}

export interface TelegramNotifier {
  start(): void;
  stop(): Promise<void>;
  /** Runs the fan-out and the sender until nothing is due now (tests; the loop does it itself). */
  drain(): Promise<void>;
  /** Queues the daily summaries due at the injected clock's now. */
  summaryTick(): Promise<number>;
  poller: Poller;
}

/**
 * Notifications by Telegram (docs/product.md#telegram-notices, decision 0010), one per instance: a loop that turns the
 * outbox into messages and sends them (every instance; rows are claimed with SKIP LOCKED), the
 * getUpdates poller (one instance at a time) and the 20:00 summary. Nothing here runs inside a
 * change: Telegram being slow or down only delays messages.
 */
export function createTelegramNotifier(
  ctx: AppContext,
  log: FastifyBaseLogger,
  tuning: TelegramTuning = {},
  api?: BotApi,
): TelegramNotifier {
  const { config, db } = ctx;
  if (!config.telegramBotToken) throw new Error('createTelegramNotifier: TELEGRAM_BOT_TOKEN unset');
  const bot =
    api ?? createBotApi({ apiUrl: config.telegramApiUrl, token: config.telegramBotToken, timeoutMs: tuning.callTimeoutMs ?? 10_000 });
  const send: SendOptions = {
    backoffBaseMs: tuning.backoffBaseMs ?? 1_000,
    backoffMaxMs: tuning.backoffMaxMs ?? 30_000,
    chatIntervalMs: tuning.chatIntervalMs ?? 1_000,
    leaseMs: tuning.leaseMs ?? 30_000,
    batch: tuning.batch ?? 20,
  };
  const pollMs = tuning.pollMs ?? 500;
  const summaryEveryMs = tuning.summaryEveryMs ?? 30_000;

  const poller = createPoller({
    db,
    databaseUrl: ctx.database.url,
    api: bot,
    log,
    takeoverMs: tuning.takeoverMs ?? 5_000,
    longPollS: tuning.longPollS ?? 8,
    backoffBaseMs: send.backoffBaseMs,
    backoffMaxMs: send.backoffMaxMs,
    async onUpdate(u) {
      const m = u.message;
      if (!m?.text) return;
      const answer = await answerBotCommand(db, m.text, m.chat, ctx.now());
      // The answer is best effort: the link itself is already committed.
      if (answer) await bot.sendMessage(m.chat.id, answer).catch((err: unknown) => log.warn({ err }, 'telegram: answer not sent'));
    },
  });

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let summaryTimer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let summaryCurrent: Promise<void> | undefined;
  let again = false;
  let unsubscribe: (() => void) | undefined;

  const round = async () => {
    while ((await fanOutChanges(db, config.APP_URL)) > 0);
    await dropUnlinked(db);
    while ((await sendDueMessages(db, bot, send, log)) > 0);
  };

  const run = () => {
    if (!running) return;
    if (current) {
      again = true;
      return;
    }
    clearTimeout(timer);
    current = round()
      .catch((err: unknown) => log.warn({ err }, 'telegram: notification round failed; will retry'))
      .finally(() => {
        current = undefined;
        if (!running) return;
        if (again) {
          again = false;
          run();
        } else timer = setTimeout(run, pollMs).unref();
      });
  };

  const summaryTick = () => queueDailySummaries(db, ctx.now(), config.APP_TIMEZONE, config.APP_URL);
  const summaryLoop = () => {
    if (!running) return;
    summaryCurrent = summaryTick()
      .then((n) => {
        if (n > 0) run();
      })
      .catch((err: unknown) => log.warn({ err }, 'telegram: daily summary failed; will retry'))
      .finally(() => {
        if (running) summaryTimer = setTimeout(summaryLoop, summaryEveryMs).unref();
      });
  };

  return {
    start() {
      if (running) return;
      running = true;
      // A change committed by this instance wakes the loop at once (others find it by polling).
      unsubscribe = ctx.bus.onLedger(() => run());
      run();
      poller.start();
      if (summaryEveryMs > 0) summaryLoop();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      clearTimeout(timer);
      clearTimeout(summaryTimer);
      await Promise.all([current, summaryCurrent, poller.stop()]);
    },
    async drain() {
      await current;
      await round();
    },
    summaryTick,
    poller,
  };
}
