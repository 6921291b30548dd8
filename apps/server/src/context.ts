import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { AccessTokens } from './lib/access-token.ts';
import type { EventBus } from './lib/ledger-events.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { KeyedHash } from './lib/keyed-hash.ts';
import type { AuthGuards } from './plugins/auth.ts';
import type { BinanceSync } from './services/binance/binance-sync-api.ts';
import type { BackupScheduler } from './services/backups/backup-schedule.ts';
import type { RatesService } from './services/rates/rates-service.ts';
import type { RateHistoryFiller } from './services/market/rate-history-fill.ts';
import type { UploadPool } from './services/uploads/upload-pool.ts';

/** What services and routes are built from; tests build it with their own database and clock. */
export interface AppContext {
  config: Readonly<Config>;
  database: Database;
  db: Db;
  tokens: AccessTokens;
  bus: EventBus;
  guards: AuthGuards;
  /** Injected so tests can move time (token expiry, cooldowns, memberships). */
  now: () => Date;
  /** Exchange rates with their per-instance cache (docs/product.md#rates-and-export). */
  rates: RatesService;
  /**
   * AES-256-GCM boxes keyed from JWT_SECRET (docs/product.md#account-security): refresh grace successors, TOTP secrets;
   * and the HMAC recovery codes are stored under (docs/decisions/0033-trust-first-security.md).
   */
  secrets: { grace: SecretBox; totp: SecretBox; recovery: KeyedHash };
  /** The worker threads every uploaded file is parsed in (docs/product.md#upload-limits). */
  uploads: UploadPool;
  /** Scheduled and on-demand backups, one instance at a time (docs/operations.md#backups). */
  backups: BackupScheduler;
  /** The daily rates from RATES_HISTORY_URL, filled at start-up and daily (docs/product.md#market-reference). */
  rateHistory: RateHistoryFiller;
  /** The Binance sync: links, manual and periodic runs (docs/product.md#binance-sync). */
  binance: BinanceSync;
}
