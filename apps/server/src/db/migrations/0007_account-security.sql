-- DESIGN §16 (account security). Hand-written.

-- A login session: one per sign-in, shared by every refresh token of its rotation chain (the
-- chain's family id is the session id). Access tokens carry it (`sid`): revoking the row rejects
-- them at once.
CREATE TABLE "login_sessions" (
  "id" uuid PRIMARY KEY,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "user_agent" text,
  "ip" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "last_used_at" timestamptz NOT NULL DEFAULT now(),
  "revoked_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "login_sessions_user_idx" ON "login_sessions" ("user_id");
--> statement-breakpoint
INSERT INTO "login_sessions" ("id", "user_id", "created_at", "last_used_at", "revoked_at")
SELECT "family_id", "user_id", min("created_at"), max("created_at"),
       CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "sessions" GROUP BY "family_id", "user_id";
--> statement-breakpoint
-- The grace successor was kept readable: it is now encrypted (AES-256-GCM) and old clear ones go.
ALTER TABLE "sessions" DROP COLUMN "grace_token";
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "grace_token_enc" text;
--> statement-breakpoint
CREATE INDEX "sessions_grace_idx" ON "sessions" ("rotated_at") WHERE "grace_token_enc" IS NOT NULL;
--> statement-breakpoint
-- Addresses a user signed in from: the per-email login limit spares them for 30 days.
CREATE TABLE "login_addresses" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "ip" text NOT NULL,
  "last_success_at" timestamptz NOT NULL,
  PRIMARY KEY ("user_id", "ip")
);
--> statement-breakpoint
-- Two-factor (TOTP): secrets stored encrypted; the last accepted time step refuses a replay.
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret_enc" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret_enc" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "used_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" ("user_id");
--> statement-breakpoint
-- A password accepted for an account with 2FA: the second step's ticket (stored hashed).
CREATE TABLE "mfa_challenges" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "ip" text NOT NULL,
  "user_agent" text,
  "attempts" integer NOT NULL DEFAULT 0,
  "expires_at" timestamptz NOT NULL,
  "used_at" timestamptz
);
--> statement-breakpoint
-- Idempotency keys are bound to their request (user, ledger, body): a hash of it.
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;
