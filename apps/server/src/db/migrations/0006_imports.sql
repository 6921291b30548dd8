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
-- No foreign key on purpose: a batch is never deleted apart from its ledger (which takes the rows
-- with it), and a key would cost one referential check per imported row (20,000 per import).
ALTER TABLE "transactions" ADD COLUMN "import_batch_id" uuid;
--> statement-breakpoint
-- The one arbiter of "never twice" (DESIGN §12): concurrent or repeated imports insert with
-- ON CONFLICT DO NOTHING against this index, so an order exists at most once per ledger.
CREATE UNIQUE INDEX "transactions_ledger_origen_referencia_key" ON "transactions" USING btree ("ledger_id", "origen", "referencia") WHERE "referencia" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_import_batch_idx" ON "transactions" USING btree ("import_batch_id") WHERE "import_batch_id" IS NOT NULL;
--> statement-breakpoint
-- Day totals for imported rows (decision 0014). The row-level deferred trigger (0001, 0005) costs
-- one upsert per row at commit: 20,000 upserts on ~100 day rows for one import, slower with every
-- import as dead versions pile up. Rows that belong to an import batch are summed per day by one
-- statement-level trigger instead (transition tables are not allowed on constraint triggers, so
-- this one runs at the end of the statement; an import is one statement near its commit). Rows
-- without a batch keep the deferred row-level trigger; UPDATEs of any row too.
DROP TRIGGER "transactions_day_totals_trg" ON "transactions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_day_totals_trg"
  AFTER UPDATE OF "ledger_id", "fecha", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd", "comision_usd"
  ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "transactions_day_totals"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_day_totals_ins_trg"
  AFTER INSERT ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."import_batch_id" IS NULL) EXECUTE FUNCTION "transactions_day_totals"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_day_totals_del_trg"
  AFTER DELETE ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."import_batch_id" IS NULL) EXECUTE FUNCTION "transactions_day_totals"();
--> statement-breakpoint
CREATE FUNCTION "transactions_day_totals_batch_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_day_totals" AS d ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd", "comision_usd")
  SELECT "ledger_id", "fecha", count(*), sum("venta"), sum("compra"), sum("bs_recibidos"), sum("bs_pagados"), sum("ganancia_ves"), sum("ganancia_usd"), sum("comision_usd")
  FROM new_rows WHERE "import_batch_id" IS NOT NULL
  GROUP BY "ledger_id", "fecha"
  ON CONFLICT ("ledger_id", "fecha") DO UPDATE SET
    "transaction_count" = d."transaction_count" + EXCLUDED."transaction_count",
    "venta" = d."venta" + EXCLUDED."venta",
    "compra" = d."compra" + EXCLUDED."compra",
    "bs_recibidos" = d."bs_recibidos" + EXCLUDED."bs_recibidos",
    "bs_pagados" = d."bs_pagados" + EXCLUDED."bs_pagados",
    "ganancia_ves" = d."ganancia_ves" + EXCLUDED."ganancia_ves",
    "ganancia_usd" = d."ganancia_usd" + EXCLUDED."ganancia_usd",
    "comision_usd" = d."comision_usd" + EXCLUDED."comision_usd";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "transactions_day_totals_batch_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_day_totals" AS d SET
    "transaction_count" = d."transaction_count" - o."n",
    "venta" = d."venta" - o."venta",
    "compra" = d."compra" - o."compra",
    "bs_recibidos" = d."bs_recibidos" - o."bs_recibidos",
    "bs_pagados" = d."bs_pagados" - o."bs_pagados",
    "ganancia_ves" = d."ganancia_ves" - o."ganancia_ves",
    "ganancia_usd" = d."ganancia_usd" - o."ganancia_usd",
    "comision_usd" = d."comision_usd" - o."comision_usd"
  FROM (
    SELECT "ledger_id", "fecha", count(*) AS "n", sum("venta") AS "venta", sum("compra") AS "compra", sum("bs_recibidos") AS "bs_recibidos",
      sum("bs_pagados") AS "bs_pagados", sum("ganancia_ves") AS "ganancia_ves", sum("ganancia_usd") AS "ganancia_usd", sum("comision_usd") AS "comision_usd"
    FROM old_rows WHERE "import_batch_id" IS NOT NULL GROUP BY "ledger_id", "fecha"
  ) o
  WHERE d."ledger_id" = o."ledger_id" AND d."fecha" = o."fecha";
  DELETE FROM "ledger_day_totals" d USING (SELECT DISTINCT "ledger_id", "fecha" FROM old_rows WHERE "import_batch_id" IS NOT NULL) o
  WHERE d."ledger_id" = o."ledger_id" AND d."fecha" = o."fecha" AND d."transaction_count" <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_day_totals_batch_ins_trg"
  AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_day_totals_batch_ins"();
--> statement-breakpoint
CREATE TRIGGER "transactions_day_totals_batch_del_trg"
  AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_day_totals_batch_del"();
