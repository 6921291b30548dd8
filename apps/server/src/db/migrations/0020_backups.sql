-- Hand-written (docs/decisions/0040). Scheduled backups (docs/operations.md#backups): the time of
-- the last backup, kept in the database so that of several instances only one writes it, and
-- the admins' audit log (a backup download is recorded here).
CREATE TABLE "backup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"last_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "backup_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" ("at");
