-- Hand-written. DESIGN §12's transaction fields used by the average-cost method (§13):
-- comision_usd (the fee, dollars that left the trader's hands) and ocurrido_en (when the order
-- happened; a day's order becomes ocurrido_en, created_at, id). Existing rows happened when they
-- were created.
ALTER TABLE "transactions" ADD COLUMN "comision_usd" numeric(21, 8) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_comision_usd_check" CHECK ("comision_usd" >= 0);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "ocurrido_en" timestamp with time zone;
--> statement-breakpoint
UPDATE "transactions" SET "ocurrido_en" = "created_at";
--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "ocurrido_en" SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "ocurrido_en" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "transactions_ledger_day_idx";
--> statement-breakpoint
CREATE INDEX "transactions_ledger_day_idx" ON "transactions" USING btree ("ledger_id","fecha","ocurrido_en","created_at","id");
--> statement-breakpoint
-- The day totals (decision 0003) also sum the fees: saldo_disponible_usd subtracts them, and the
-- carried-forward base reads them from here.
ALTER TABLE "ledger_day_totals" ADD COLUMN "comision_usd" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_day_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "ledger_day_totals" SET
      "transaction_count" = "transaction_count" - 1,
      "venta" = "venta" - OLD."venta",
      "compra" = "compra" - OLD."compra",
      "bs_recibidos" = "bs_recibidos" - OLD."bs_recibidos",
      "bs_pagados" = "bs_pagados" - OLD."bs_pagados",
      "ganancia_ves" = "ganancia_ves" - OLD."ganancia_ves",
      "ganancia_usd" = "ganancia_usd" - OLD."ganancia_usd",
      "comision_usd" = "comision_usd" - OLD."comision_usd"
    WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha";
    DELETE FROM "ledger_day_totals" WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha" AND "transaction_count" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "ledger_day_totals" AS d ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd", "comision_usd")
    VALUES (NEW."ledger_id", NEW."fecha", 1, NEW."venta", NEW."compra", NEW."bs_recibidos", NEW."bs_pagados", NEW."ganancia_ves", NEW."ganancia_usd", NEW."comision_usd")
    ON CONFLICT ("ledger_id", "fecha") DO UPDATE SET
      "transaction_count" = d."transaction_count" + 1,
      "venta" = d."venta" + EXCLUDED."venta",
      "compra" = d."compra" + EXCLUDED."compra",
      "bs_recibidos" = d."bs_recibidos" + EXCLUDED."bs_recibidos",
      "bs_pagados" = d."bs_pagados" + EXCLUDED."bs_pagados",
      "ganancia_ves" = d."ganancia_ves" + EXCLUDED."ganancia_ves",
      "ganancia_usd" = d."ganancia_usd" + EXCLUDED."ganancia_usd",
      "comision_usd" = d."comision_usd" + EXCLUDED."comision_usd";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "transactions_day_totals_trg" ON "transactions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_day_totals_trg"
  AFTER INSERT OR DELETE OR UPDATE OF "ledger_id", "fecha", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd", "comision_usd"
  ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "transactions_day_totals"();
