import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { accessTokens } from './lib/access-token.ts';
import { EventBus } from './lib/ledger-events.ts';
import { keyedHash } from './lib/keyed-hash.ts';
import { secretBox } from './lib/secret-box.ts';
import { authGuards, registerAuthDecorators } from './plugins/auth.ts';
import { registerDefaultDeny } from './plugins/default-deny.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerRealtime, type Realtime, type RealtimeOptions } from './plugins/realtime.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerRoutes } from './routes/index.ts';
import { createBinanceSync } from './services/binance/binance-sync.ts';
import { LOG_REDACT } from './lib/log-redact.ts';
import { createBackupScheduler } from './services/backups/backup-schedule.ts';
import { createRateHistoryFiller } from './services/market/rate-history-fill.ts';
import { createRatesService } from './services/rates/rates-service.ts';
import { rekeyLegacyRecoveryCodes } from './services/auth/rekey-recovery-codes.ts';
import { createMailSender } from './services/mail/sender.ts';
import { createRateLimitPurger, type RateLimitPurger } from './services/rate-limit-purge.ts';
import { purgeRetention } from './services/retention-purge.ts';
import { createTelegramNotifier, type TelegramNotifier, type TelegramTuning } from './services/telegram/telegram-notifier.ts';
import { eraseStaleGraceTokens } from './services/auth/sessions.ts';
import { createUploadPool, type UploadPoolOptions } from './services/uploads/upload-pool.ts';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  config: Readonly<Config>;
  database: Database;
  now?: () => Date;
  /** pino options or false; tests pass false. */
  logger?: boolean | object;
  webDist?: string;
  /** Socket.IO on the same server (default on); tests that need it pass true or options and listen. */
  realtime?: boolean | RealtimeOptions;
  /** Upstream time-out of the rates service; tests shorten the 5 s default. */
  ratesTimeoutMs?: number;
  /** The upload workers' limits (docs/product.md#upload-limits); tests shorten the time limit. */
  uploads?: Partial<UploadPoolOptions>;
  /** Start the upload workers when the app is ready instead of at the first upload (main.ts, the bench). */
  warmUploads?: boolean;
  /** Timings of the Telegram notifier (docs/product.md#telegram-notices); tests shorten them. */
  telegram?: TelegramTuning;
  /**
   * The outbox sender (default on). API tests without SMTP read links from the outbox, so they
   * leave it off: a sent mail's body is blanked (docs/operations.md#backups).
   */
  mailSender?: boolean;
  /** The backup scheduler's check interval and read-back; tests inject them (docs/operations.md#backups). */
  backups?: { checkMs?: number; readBack?: (file: string) => Promise<number> };
  /** The Binance call time-out and how long POST /sync waits before a 202 (docs/product.md#binance-sync); tests shorten them. */
  binance?: { timeoutMs?: number; answerWithinMs?: number; runLimitMs?: number };
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Present when realtime is on. */
  realtime?: Realtime;
  /** The rate-limit purge job (started on ready, stopped on close). */
  rateLimitPurger: RateLimitPurger;
  /** Present when TELEGRAM_BOT_TOKEN is set (started on ready, stopped on close). */
  telegram?: TelegramNotifier;
}

/** A hop count trusts that many proxies nearest to us (as Fastify does for a number). */
function trustProxyOption(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the whole app from its dependencies; `main.ts` listens, tests use `app.inject`. */
export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config, database } = opts;
  const app = Fastify({
    // Binance keys, secrets and signatures never reach a log (docs/product.md#binance-sync).
    logger: opts.logger ?? { level: config.LOG_LEVEL, redact: LOG_REDACT },
    bodyLimit: 256 * 1024,
    // The client address decides login throttling (docs/product.md#account-security): X-Forwarded-For is read only
    // through the hops TRUST_PROXY names; unset, the socket's address is the client's.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = accessTokens(config.JWT_SECRET);
  const now = opts.now ?? (() => new Date());
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens,
    bus: new EventBus(),
    guards: authGuards({ db: database.db, tokens, requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION }),
    now,
    rates: createRatesService({
      config,
      db: database.db,
      now,
      log: app.log,
      ...(opts.ratesTimeoutMs !== undefined ? { timeoutMs: opts.ratesTimeoutMs } : {}),
    }),
    secrets: {
      grace: secretBox(config.JWT_SECRET, 'refresh-grace'),
      totp: secretBox(config.JWT_SECRET, 'totp'),
      recovery: keyedHash(config.JWT_SECRET, 'recovery-codes'),
    },
    uploads: createUploadPool(opts.uploads, app.log),
    backups: createBackupScheduler({
      pool: database.pool,
      dir: config.BACKUP_DIR,
      everyHours: config.BACKUP_EVERY_HOURS,
      keep: config.BACKUP_KEEP,
      now,
      log: app.log,
      ...opts.backups,
    }),
    rateHistory: createRateHistoryFiller({ db: database.db, url: config.RATES_HISTORY_URL, log: app.log }),
    binance: createBinanceSync(
      {
        baseUrl: config.BINANCE_API_URL,
        jwtSecret: config.JWT_SECRET,
        everyMinutes: config.BINANCE_SYNC_MINUTES,
        log: app.log,
        ...opts.binance,
      },
      () => ctx,
    ),
  };
  // Started, not awaited: readiness never waits for the workers (1–8 s on a loaded 2-core machine).
  if (opts.warmUploads) app.addHook('onReady', async () => void ctx.uploads.warm());
  app.addHook('onClose', async () => ctx.uploads.close());

  registerAuthDecorators(app);
  registerErrorHandler(app);
  await registerSecurity(app, config.APP_URL);
  // Every API answer is private and fresh by default; routes may say otherwise.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  registerDefaultDeny(app, ctx.guards.user);
  registerOpenApi(app);
  await registerRoutes(app, ctx);
  await registerSpa(app, opts.webDist ?? webDistDir);

  // The outbox sender runs while the app does: from ready to close (tests included, no open handles).
  if (opts.mailSender !== false) {
    const mail = createMailSender({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
    app.addHook('onReady', async () => mail.start());
    app.addHook('onClose', async () => mail.stop());
  }
  const purger = createRateLimitPurger({
    db: database.db,
    now,
    log: app.log,
    sweep: async (now) => {
      // Recovery codes stored unkeyed before issue 36 are keyed on the first run, right at start-up
      // (a database outage then only delays it to the next run; docs/decisions/0033-trust-first-security.md).
      const keyed = await rekeyLegacyRecoveryCodes(database.db, ctx.secrets.recovery);
      if (keyed > 0) app.log.info({ keyed }, 'recovery codes keyed');
      await eraseStaleGraceTokens(database.db, now);
      // What would grow forever (issue 17): old idempotency keys, ended sessions, sent messages, old rates.
      const purged = await purgeRetention(database.db, now, config.APP_TIMEZONE);
      if (Object.values(purged).some((v) => v !== 0 && v !== false)) app.log.info(purged, 'retention purge');
    },
  });
  app.addHook('onReady', async () => purger.start());
  app.addHook('onClose', async () => purger.stop());
  // Scheduled backups (BACKUP_EVERY_HOURS, 0 = off): each instance looks, one writes (docs/operations.md#backups).
  app.addHook('onReady', async () => ctx.backups.start());
  app.addHook('onClose', async () => ctx.backups.stop());
  // The market's daily rates (docs/product.md#market-reference): at start-up, not awaited, then daily.
  app.addHook('onReady', async () => ctx.rateHistory.start());
  app.addHook('onClose', async () => ctx.rateHistory.stop());
  // Periodic Binance syncs (BINANCE_SYNC_MINUTES, 0 = off): each instance looks, one runs a round.
  app.addHook('onReady', async () => ctx.binance.start());
  app.addHook('preClose', async () => ctx.binance.stop());
  const telegram = config.telegramBotToken ? createTelegramNotifier(ctx, app.log, opts.telegram) : undefined;
  if (telegram) {
    app.addHook('onReady', async () => telegram.start());
    app.addHook('onClose', async () => telegram.stop());
  }
  const realtimeOpts = opts.realtime ?? true;
  const realtime = realtimeOpts === false ? undefined : registerRealtime(app, ctx, realtimeOpts === true ? {} : realtimeOpts);
  return { app, ctx, rateLimitPurger: purger, ...(realtime ? { realtime } : {}), ...(telegram ? { telegram } : {}) };
}
