import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { REGISTER_MAX_PER_ADDRESS } from '@arb/shared';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY (docs/product.md#account-security): which X-Forwarded-For hops decide the client address. A hop count
 * ("1": the proxy in front of us) or a comma list of proxy addresses/CIDRs; unset: none, the
 * socket's address is the client's (a forged header changes nothing).
 */
const trustProxy = z.string().transform((v, ctx): number | string[] => {
  const value = v.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of list) {
    const [addr, bits, extra] = item.split('/');
    const family = isIP(addr ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !okBits || extra !== undefined) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count or a list of addresses/CIDRs ("${item}")` });
      return z.NEVER;
    }
  }
  return list;
});

const url = z.url({ protocol: /^https?$/ });

/** Every environment variable the server reads, validated once at start-up (docs/architecture.md). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: url.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Arbitraje USD/VES <no-reply@localhost>'),
    REQUIRE_EMAIL_VERIFICATION: bool.default(true),
    MEMBERSHIP_REQUIRED: bool.default(false),
    MEMBERSHIP_PERIOD_DAYS: z.coerce.number().int().min(1).max(3660).default(30),
    APP_TIMEZONE: z
      .string()
      .default('America/Caracas')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone'),
    RATES_OFICIAL_URL: url.default('https://ve.dolarapi.com/v1/dolares/oficial'),
    RATES_PARALELO_URL: url.default('https://ve.dolarapi.com/v1/dolares/paralelo'),
    RATES_BINANCE_URL: url.optional(),
    RATES_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
    // docs/product.md#market-reference (DESIGN §24): `/oficial` and `/paralelo` are appended.
    RATES_HISTORY_URL: url.default('https://ve.dolarapi.com/v1/historicos/dolares'),
    TRUST_PROXY: trustProxy.optional(),
    // docs/product.md#account-security: sign-ups per address per hour (issue 36).
    REGISTER_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(REGISTER_MAX_PER_ADDRESS),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    // docs/product.md#telegram-notices: unset token = notifications off and hidden.
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token from @BotFather (123456:ABC…)')
      .optional(),
    TELEGRAM_BOT_USERNAME: z
      .string()
      .transform((v) => v.replace(/^@/, ''))
      .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username (e.g. ArbitrajeBot)"))
      .optional(),
    TELEGRAM_API_URL: url.default('https://api.telegram.org'),
    // docs/operations.md#backups: 0 = no scheduled backups; fractions allowed (0.5 = every 30 minutes).
    BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(8760).default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
    // Outside DATA_DIR by default: a copy of DATA_DIR (or of its volume) should not carry every backup with it.
    BACKUP_DIR: z.string().min(1).default('./backups'),
    // docs/product.md#binance-sync: where Binance's API is (tests point it at a local fake) and how often links sync (0 = off).
    BINANCE_API_URL: url.default('https://api.binance.com'),
    BINANCE_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when DATABASE_URL is set (several instances must share it)',
      });
    }
    if (env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_BOT_USERNAME) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEGRAM_BOT_USERNAME'],
        message: 'is required when TELEGRAM_BOT_TOKEN is set (it makes the t.me link)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'APP_URL'> {
  APP_URL: string;
  JWT_SECRET: string;
  DATA_DIR: string;
  /** docs/product.md#telegram-notices, read by GET /api/config and the notifier: undefined = Telegram off. */
  telegramBotToken: string | undefined;
  telegramBotUsername: string | undefined;
  /** Without a trailing slash. */
  telegramApiUrl: string;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message lists every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración inválida / invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return Object.freeze({
    ...env,
    DATA_DIR: dataDir,
    BACKUP_DIR: path.resolve(env.BACKUP_DIR),
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    JWT_SECRET: env.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    telegramBotToken: env.TELEGRAM_BOT_TOKEN,
    telegramBotUsername: env.TELEGRAM_BOT_USERNAME,
    telegramApiUrl: env.TELEGRAM_API_URL.replace(/\/$/, ''),
  });
}

/** A random secret generated on first start and kept in DATA_DIR, so restarts keep sessions valid. */
/** A shorter signing secret can be guessed offline from any issued token. */
const MIN_SECRET_LENGTH = 32;

export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    // Written whole under a temporary name, then linked into place: a crash never leaves an empty
    // or half-written secret, and of two first starts the second reads the first one's (issue 17).
    const tmp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, randomBytes(48).toString('base64url') + '\n', { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a secret of ${secret.length} characters; at least ${MIN_SECRET_LENGTH} are needed. Delete the file to have a new one generated.`,
    );
  }
  return secret;
}
