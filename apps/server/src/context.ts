import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { AccessTokens } from './lib/access-token.ts';
import type { EventBus } from './lib/ledger-events.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { AuthGuards } from './plugins/auth.ts';
import type { RatesService } from './services/rates/rates-service.ts';

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
  /** Exchange rates with their per-instance cache (DESIGN §6). */
  rates: RatesService;
  /** AES-256-GCM boxes keyed from JWT_SECRET (DESIGN §16): refresh grace successors, TOTP secrets. */
  secrets: { grace: SecretBox; totp: SecretBox };
}
