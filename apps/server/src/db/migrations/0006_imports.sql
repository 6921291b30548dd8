-- Hand-written. DESIGN §12 (Binance P2P import): where a transaction came from (origen), the
-- order number it was imported from (referencia, text: 20 digits do not fit a double), the import
-- batch that created it, and the batches themselves (listed, undone).
CREATE TABLE "import_batches" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE CASCADE,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "file_name" text NOT NULL,
  "created" integer NOT NULL DEFAULT 0,
  "duplicate" integer NOT NULL DEFAULT 0,
  "skipped" integer NOT NULL DEFAULT 0,
  "fechas" date[] NOT NULL DEFAULT '{}',
  "undone" boolean NOT NULL DEFAULT false,
  "undone_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "import_batches_ledger_idx" ON "import_batches" USING btree ("ledger_id", "created_at");
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "origen" text DEFAULT 'manual' NOT NULL;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_origen_check" CHECK ("origen" IN ('manual', 'binance_p2p'));
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "referencia" text;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "import_batch_id" uuid REFERENCES "import_batches"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The one arbiter of "never twice" (DESIGN §12): concurrent or repeated imports insert with
-- ON CONFLICT DO NOTHING against this index, so an order exists at most once per ledger.
CREATE UNIQUE INDEX "transactions_ledger_origen_referencia_key" ON "transactions" USING btree ("ledger_id", "origen", "referencia") WHERE "referencia" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_import_batch_idx" ON "transactions" USING btree ("import_batch_id") WHERE "import_batch_id" IS NOT NULL;
