/**
 * The whole database schema. Money is NUMERIC (exact decimal; node-postgres returns strings).
 * Amount columns are numeric(15,2) (up to 1e12 with cents) and rates numeric(17,4); derived money
 * columns (products, profits) are unconstrained NUMERIC so no intermediate value is ever rounded
 * by the database.
 */
import { sql } from 'drizzle-orm';
import type { Reparto } from '@arb/shared';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userName: text('user_name').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneNumber: text('phone_number'),
    membershipStart: ts('membership_start'),
    membershipEnd: ts('membership_end'),
    /** Two-factor (docs/product.md#account-security): secrets AES-256-GCM encrypted (lib/secret-box.ts). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingSecretEnc: text('totp_pending_secret_enc'),
    /** The last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_created_at_idx').on(t.createdAt)],
);

/** Refresh-token sessions: one row per issued token, chained by family for reuse detection. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    replacedBy: uuid('replaced_by'),
    /** The successor's token, AES-256-GCM encrypted, kept only for the 10 s retry grace, then erased. */
    graceTokenEnc: text('grace_token_enc'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_family_idx').on(t.familyId),
  ],
);

/** A sign-in (docs/product.md#account-security): the id is the refresh-token family; access tokens carry it as `sid`. */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('login_sessions_user_idx').on(t.userId)],
);

/** Addresses a user signed in from: the per-email login limit spares them for 30 days. */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSuccessAt: ts('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** The second login step's ticket (`mfaToken`, stored hashed): 5 minutes, single use, 5 tries. */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.kind)],
);

/** Mail written in the same transaction as its cause; a sender drains it with retries. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Fixed-window counters (login failures, resend cooldowns) shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  resetAt: ts('reset_at').notNull(),
});

export const ledgers = pgTable(
  'ledgers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteCode: text('invite_code').notNull(),
    /** docs/product.md#profit-method-and-position: 'por_operacion' (docs/product.md#money, default) or 'costo_promedio' (check constraint). */
    metodoGanancia: text('metodo_ganancia', { enum: ['por_operacion', 'costo_promedio'] })
      .notNull()
      .default('por_operacion'),
    /** docs/product.md#socios-y-liquidacion: the split rule (packages/shared Reparto), migration 0022. */
    reparto: jsonb('reparto').$type<Reparto>().notNull().default({ metodo: 'capital' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledgers_invite_code_key').on(t.inviteCode), index('ledgers_owner_idx').on(t.ownerId)],
);

/**
 * The ledger's revision, bumped by every committed change of it (ledgerChange): validates cached
 * day answers. A table of its own, not a column of ledgers (docs/decisions/0021); its row is made
 * with the ledger's by a trigger (migration 0013).
 */
export const ledgerRevisions = pgTable('ledger_revisions', {
  ledgerId: uuid('ledger_id')
    .primaryKey()
    .references(() => ledgers.id, { onDelete: 'cascade' }),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

/** Every member, the owner included (canModifyBalance is always true for the owner). */
export const ledgerMembers = pgTable(
  'ledger_members',
  {
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    canModifyBalance: boolean('can_modify_balance').notNull().default(false),
    /** docs/product.md "Permissions": a viewer reads everything and writes nothing; never true with canModifyBalance. */
    soloLectura: boolean('solo_lectura').notNull().default(false),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ledgerId, t.userId] }), index('ledger_members_user_idx').on(t.userId)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    venta: numeric('venta', { precision: 15, scale: 2 }).notNull().default('0'),
    tasaVenta: numeric('tasa_venta', { precision: 17, scale: 4 }).notNull().default('0'),
    compra: numeric('compra', { precision: 15, scale: 2 }).notNull().default('0'),
    tasaCompra: numeric('tasa_compra', { precision: 17, scale: 4 }).notNull().default('0'),
    bsRecibidos: numeric('bs_recibidos').notNull().default('0'),
    bsPagados: numeric('bs_pagados').notNull().default('0'),
    gananciaVes: numeric('ganancia_ves').notNull().default('0'),
    gananciaUsd: numeric('ganancia_usd').notNull().default('0'),
    /** The order's fee in USD (docs/product.md#binance-import), ≥ 0 (check constraint), up to 8 decimals. */
    comisionUsd: numeric('comision_usd', { precision: 21, scale: 8 }).notNull().default('0'),
    /** When the order happened (docs/product.md#binance-import); a day's order is ocurrido_en, created_at, id. */
    ocurridoEn: ts('ocurrido_en').notNull().defaultNow(),
    /** Where the row came from (docs/product.md#binance-import): 'manual' or 'binance_p2p' (check constraint, migration 0006). */
    origen: text('origen', { enum: ['manual', 'binance_p2p'] })
      .notNull()
      .default('manual'),
    /** The imported order's number, as text (20 digits do not fit a double); null for manual rows. */
    referencia: text('referencia'),
    /** The import batch that created the row (undo removes exactly these). */
    /** No foreign key (migration 0006): batches go only with their ledger, which takes these rows too. */
    importBatchId: uuid('import_batch_id'),
    notas: text('notas'),
    /** The order's counterparty, from the import (migration 0019); searched with notes and reference. */
    contraparte: text('contraparte'),
    estaVerificada: boolean('esta_verificada').notNull().default(false),
    /** The market the row met (DESIGN §24, migration 0024): null = not stamped (rows older than the stamp). */
    mercadoParalelo: numeric('mercado_paralelo', { precision: 17, scale: 4 }),
    mercadoOficial: numeric('mercado_oficial', { precision: 17, scale: 4 }),
    mercadoFecha: date('mercado_fecha', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_ledger_day_idx').on(t.ledgerId, t.fecha, t.ocurridoEn, t.createdAt, t.id),
    index('transactions_created_by_idx').on(t.createdBy, t.createdAt),
    uniqueIndex('transactions_ledger_origen_referencia_key')
      .on(t.ledgerId, t.origen, t.referencia)
      .where(sql`${t.referencia} is not null`),
    index('transactions_import_batch_idx')
      .on(t.importBatchId)
      .where(sql`${t.importBatchId} is not null`),
  ],
);

/**
 * Per-(ledger, day) sums of its transactions, kept exact by a deferred database trigger on
 * `transactions` (migration 0001_tx-day-totals), whoever writes the rows. The carry-forward of the
 * base balances and the history read these — at most one row per day — instead of every
 * transaction: 100,000 transactions over 3 years are ~1,100 rows here.
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    transactionCount: integer('transaction_count').notNull().default(0),
    venta: numeric('venta').notNull().default('0'),
    compra: numeric('compra').notNull().default('0'),
    bsRecibidos: numeric('bs_recibidos').notNull().default('0'),
    bsPagados: numeric('bs_pagados').notNull().default('0'),
    gananciaVes: numeric('ganancia_ves').notNull().default('0'),
    gananciaUsd: numeric('ganancia_usd').notNull().default('0'),
    /** Sums of the verified rows only: the verified balances' carry-forward (docs/product.md#balances-of-a-day, migration 0004). */
    vVenta: numeric('v_venta').notNull().default('0'),
    vCompra: numeric('v_compra').notNull().default('0'),
    vBsRecibidos: numeric('v_bs_recibidos').notNull().default('0'),
    vBsPagados: numeric('v_bs_pagados').notNull().default('0'),
    comisionUsd: numeric('comision_usd').notNull().default('0'),
    vComisionUsd: numeric('v_comision_usd').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.ledgerId, t.fecha] })],
);

/**
 * End-of-day average-cost states (docs/product.md#profit-method-and-position, docs/decisions/0013): per ledger (book = the nil
 * uuid) and per author's book. Written by readers under a per-ledger advisory lock; valid for the
 * days <= avg_cost_valid.valid_until, which a statement trigger on transactions lowers (migration 0005).
 */
export const avgCostDays = pgTable(
  'avg_cost_days',
  {
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    book: uuid('book').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    operaciones: integer('operaciones').notNull(),
    realizadoVes: numeric('realizado_ves').notNull(),
    realizadoUsd: numeric('realizado_usd').notNull(),
    comisionesUsd: numeric('comisiones_usd').notNull(),
    posicionUsd: numeric('posicion_usd').notNull(),
    costoPromedio: numeric('costo_promedio').notNull(),
    acumVes: numeric('acum_ves').notNull(),
    acumUsd: numeric('acum_usd').notNull(),
    acumComisiones: numeric('acum_comisiones').notNull(),
  },
  (t) => [primaryKey({ name: 'avg_cost_days_pk', columns: [t.ledgerId, t.book, t.fecha] })],
);

export const avgCostValid = pgTable('avg_cost_valid', {
  ledgerId: uuid('ledger_id')
    .primaryKey()
    .references(() => ledgers.id, { onDelete: 'cascade' }),
  validUntil: date('valid_until', { mode: 'string' }).notNull().default('-infinity'),
  gen: bigint('gen', { mode: 'number' }).notNull().default(0),
});

/** One create per (user, Idempotency-Key): a retried POST returns the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    transactionId: uuid('transaction_id'),
    /** SHA-256 of (ledger, body): the same key with another request is refused (docs/product.md#account-security). */
    requestHash: text('request_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const dailyBalances = pgTable(
  'daily_balances',
  {
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** null: this currency is inherited from the previous active day (docs/product.md#balances-of-a-day); never both null. */
    saldoBaseVes: numeric('saldo_base_ves', { precision: 17, scale: 2 }),
    saldoBaseUsd: numeric('saldo_base_usd', { precision: 17, scale: 2 }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ledgerId, t.fecha] })],
);

/** Who changed what in a ledger, written in the same transaction as the change. */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityId: text('entity_id'),
    fecha: date('fecha', { mode: 'string' }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set when the change was undone (docs/product.md#undo, migration 0009); a second restore is a 409. */
    restoredAt: ts('restored_at'),
  },
  (t) => [index('activity_ledger_idx').on(t.ledgerId, t.id)],
);

export const rateSnapshots = pgTable(
  'rate_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    fuente: text('fuente').notNull(),
    promedio: numeric('promedio').notNull(),
    fechaActualizacion: ts('fecha_actualizacion'),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
  },
  (t) => [index('rate_snapshots_source_idx').on(t.source, t.id), index('rate_snapshots_source_fetched_idx').on(t.source, t.fetchedAt)],
);

/**
 * The daily official and parallel rates from RATES_HISTORY_URL (migration 0024, DESIGN §24): one
 * row per source ('oficial' | 'paralelo') and day. "The rate of a day" prefers these over the live
 * fetches of rate_snapshots (packages/shared/src/money/rate-of-day.ts).
 */
export const rateHistory = pgTable(
  'rate_history',
  {
    source: text('source').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    promedio: numeric('promedio', { precision: 17, scale: 4 }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'rate_history_pkey', columns: [t.source, t.fecha] })],
);

export const paymentProofs = pgTable(
  'payment_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    image: bytea('image').notNull(),
    mimeType: text('mime_type').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_proofs_user_idx').on(t.userId, t.createdAt)],
);

/** Telegram (docs/product.md#telegram-notices, migration 0008): the chat a user linked through the bot's /start. */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    linkedAt: ts('linked_at').notNull().defaultNow(),
  },
  (t) => [index('telegram_links_chat_idx').on(t.chatId)],
);

/** Deep-link tokens (SHA-256), single use, 15 minutes. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId)],
);

/** The next moment a message may go to a chat (≤ 1 per second per chat, across instances). */
export const telegramChats = pgTable('telegram_chats', {
  chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
  nextSendAt: ts('next_send_at').notNull().defaultNow(),
});

/** The getUpdates offset (one row), so a takeover does not replay updates. */
export const telegramBotState = pgTable('telegram_bot_state', {
  id: integer('id').primaryKey().default(1),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
});

/** Per user and ledger; no row = the defaults (cambios true, resumen_diario false). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    cambios: boolean('cambios').notNull().default(true),
    resumenDiario: boolean('resumen_diario').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'notification_settings_pk', columns: [t.userId, t.ledgerId] }),
    index('notification_settings_resumen_idx')
      .on(t.ledgerId)
      .where(sql`${t.resumenDiario}`),
  ],
);

/**
 * One row per change some other member could be told about, written by a statement trigger on
 * `activity` (migration 0008) in the change's own transaction: the activity rows of one statement
 * for one ledger and author.
 */
export const notificationOutbox = pgTable('notification_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ledgerId: uuid('ledger_id')
    .notNull()
    .references(() => ledgers.id, { onDelete: 'cascade' }),
  actorId: uuid('actor_id').notNull(),
  activityIds: bigint('activity_ids', { mode: 'number' }).array().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A message to one user (a change or a daily summary), sent exactly once; `dedupe_key` says which. */
export const telegramMessages = pgTable(
  'telegram_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('telegram_messages_dedupe_key').on(t.dedupeKey),
    index('telegram_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** One Binance P2P import into a ledger (docs/product.md#binance-import): listed on the history page, undone as a whole. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    created: integer('created').notNull().default(0),
    duplicate: integer('duplicate').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    fechas: date('fechas', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    undone: boolean('undone').notNull().default(false),
    undoneAt: ts('undone_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('import_batches_ledger_idx').on(t.ledgerId, t.createdAt)],
);

/** The time of the last scheduled backup, one row (docs/operations.md#backups): instances agree through it. */
export const backupState = pgTable('backup_state', {
  id: smallint('id').primaryKey().default(1),
  lastAt: ts('last_at'),
});

/** What admins did that leaves no other trace, e.g. a backup downloaded (docs/operations.md#backups). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').notNull().default({}),
  },
  (t) => [index('admin_audit_at_idx').on(t.at)],
);

/**
 * A closed period (docs/product.md#socios-y-liquidacion, migration 0022): the preview's answer as
 * stored in `datos`; its days are locked by the periodo_cerrado_check triggers.
 */
export const liquidaciones = pgTable(
  'liquidaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => ledgers.id, { onDelete: 'cascade' }),
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }).notNull(),
    tasaInicial: numeric('tasa_inicial', { precision: 17, scale: 4 }),
    fuenteInicial: text('fuente_inicial'),
    tasaFinal: numeric('tasa_final', { precision: 17, scale: 4 }),
    fuenteFinal: text('fuente_final'),
    fechaTasaFinal: date('fecha_tasa_final', { mode: 'string' }),
    patrimonioFinalUsd: numeric('patrimonio_final_usd', { precision: 17, scale: 2 }).notNull(),
    datos: jsonb('datos').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('liquidaciones_ledger_desde_idx').on(t.ledgerId, t.desde),
    index('liquidaciones_ledger_hasta_idx').on(t.ledgerId, t.hasta),
  ],
);
