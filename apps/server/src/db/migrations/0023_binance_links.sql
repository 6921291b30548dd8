-- docs/product.md#binance-sync (DESIGN §23, §28): one read-only Binance key per user, sealed with
-- AES-256-GCM under a key derived from JWT_SECRET (a backup holds only the sealed text).
-- ledger_id is set null when the ledger goes, so the next run marks the link sin_permiso and tells the user.
CREATE TABLE "binance_links" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"ledger_id" uuid REFERENCES "ledgers"("id") ON DELETE SET NULL,
	"api_key_sealed" text NOT NULL,
	"api_secret_sealed" text NOT NULL,
	"api_key_end" varchar(4) NOT NULL,
	"ip_restrict" boolean DEFAULT false NOT NULL,
	"cuenta_usd_id" uuid REFERENCES "cuentas"("id") ON DELETE SET NULL,
	"cuenta_ves_id" uuid REFERENCES "cuentas"("id") ON DELETE SET NULL,
	"estado" text DEFAULT 'activa' NOT NULL,
	"motivo" text,
	-- ms since the epoch: where the next run starts (the oldest non-final order, else the end of the last complete window).
	"cursor_ms" bigint,
	-- A run holds the link while this is set (409 SYNC_EN_CURSO); a crashed run's claim expires.
	"en_curso_desde" timestamp with time zone,
	-- Binance asked to wait (429/418 Retry-After): no run before this.
	"espera_hasta" timestamp with time zone,
	"ultima" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "binance_links_estado_check" CHECK ("estado" IN ('activa', 'rechazada', 'sin_permiso'))
);--> statement-breakpoint
CREATE INDEX "binance_links_activa_idx" ON "binance_links" ("user_id") WHERE "estado" = 'activa';
