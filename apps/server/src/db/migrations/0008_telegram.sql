-- Notifications by Telegram (DESIGN §15, decision 0010). Hand-written: drizzle-kit models neither
-- the statement trigger nor its transition table.

-- The chat a user linked with the bot's /start <token> (private chats only; /stop or a 403 deletes it).
CREATE TABLE "telegram_links" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "chat_id" bigint NOT NULL,
  "linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telegram_links_chat_idx" ON "telegram_links" ("chat_id");
--> statement-breakpoint
-- Deep-link tokens, stored as their SHA-256; single use, 15 minutes.
CREATE TABLE "telegram_link_tokens" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_user_idx" ON "telegram_link_tokens" ("user_id");
--> statement-breakpoint
-- The next moment a message may go to a chat: at most one per second per chat, across instances.
CREATE TABLE "telegram_chats" (
  "chat_id" bigint PRIMARY KEY NOT NULL,
  "next_send_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The getUpdates offset, so an instance that takes the poll over does not replay updates.
CREATE TABLE "telegram_bot_state" (
  "id" integer PRIMARY KEY NOT NULL DEFAULT 1 CHECK ("id" = 1),
  "update_offset" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Per user and ledger; a missing row means the defaults (cambios on, resumen_diario off).
CREATE TABLE "notification_settings" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE CASCADE,
  "cambios" boolean DEFAULT true NOT NULL,
  "resumen_diario" boolean DEFAULT false NOT NULL,
  CONSTRAINT "notification_settings_pk" PRIMARY KEY ("user_id", "ledger_id")
);
--> statement-breakpoint
CREATE INDEX "notification_settings_resumen_idx" ON "notification_settings" ("ledger_id") WHERE "resumen_diario";
--> statement-breakpoint
-- One row per change: the activity rows one statement wrote for one ledger and one author.
CREATE TABLE "notification_outbox" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE CASCADE,
  "actor_id" uuid NOT NULL,
  "activity_ids" bigint[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- What the worker sends: one row per recipient and change (or daily summary), sent exactly once.
CREATE TABLE "telegram_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "dedupe_key" text NOT NULL,
  "text" text NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  "failed_at" timestamp with time zone,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_messages_dedupe_key" ON "telegram_messages" ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "telegram_messages_due_idx" ON "telegram_messages" ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
--> statement-breakpoint
-- The outbox row is written by the statement that writes the activity, so it commits with the
-- change on both forms of the change path (ledgerChange's insert and ledgerStatement's CTE) at no
-- extra round trip. Only a change some other member could be told about leaves a row. Measured
-- (decision 0010): ~40 µs per statement once anyone has linked, ~0 while nobody has (the early
-- return), so a server without Telegram pays nothing on its hottest write.
CREATE FUNCTION "activity_notify_outbox"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "telegram_links") THEN
    RETURN NULL;
  END IF;
  INSERT INTO "notification_outbox" ("ledger_id", "actor_id", "activity_ids")
  SELECT a."ledger_id", a."user_id", array_agg(a."id" ORDER BY a."id")
  FROM "added" a
  WHERE a."user_id" IS NOT NULL
  GROUP BY a."ledger_id", a."user_id"
  HAVING EXISTS (
    SELECT 1 FROM "ledger_members" m JOIN "telegram_links" l ON l."user_id" = m."user_id"
    WHERE m."ledger_id" = a."ledger_id" AND m."user_id" <> a."user_id"
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_notify_outbox_trg"
  AFTER INSERT ON "activity" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_notify_outbox"();
