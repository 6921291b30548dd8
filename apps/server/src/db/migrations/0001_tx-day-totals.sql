CREATE TABLE "ledger_day_totals" (
	"ledger_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"venta" numeric DEFAULT '0' NOT NULL,
	"compra" numeric DEFAULT '0' NOT NULL,
	"bs_recibidos" numeric DEFAULT '0' NOT NULL,
	"bs_pagados" numeric DEFAULT '0' NOT NULL,
	"ganancia_ves" numeric DEFAULT '0' NOT NULL,
	"ganancia_usd" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "ledger_day_totals_ledger_id_fecha_pk" PRIMARY KEY("ledger_id","fecha")
);
--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD CONSTRAINT "ledger_day_totals_ledger_id_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): keeps ledger_day_totals equal to the sums of
-- transactions per (ledger, day). A deferred constraint trigger runs at commit, so the totals row
-- of a busy day is locked only for the commit itself, not for the whole request.
CREATE FUNCTION "transactions_day_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "ledger_day_totals" SET
      "transaction_count" = "transaction_count" - 1,
      "venta" = "venta" - OLD."venta",
      "compra" = "compra" - OLD."compra",
      "bs_recibidos" = "bs_recibidos" - OLD."bs_recibidos",
      "bs_pagados" = "bs_pagados" - OLD."bs_pagados",
      "ganancia_ves" = "ganancia_ves" - OLD."ganancia_ves",
      "ganancia_usd" = "ganancia_usd" - OLD."ganancia_usd"
    WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha";
    DELETE FROM "ledger_day_totals" WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha" AND "transaction_count" <= 0;
  END IF;
  -- Pure deltas (−OLD, +NEW per event, in event order) stay right however many times a row is
  -- inserted, edited or deleted within one transaction.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "ledger_day_totals" AS d ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd")
    VALUES (NEW."ledger_id", NEW."fecha", 1, NEW."venta", NEW."compra", NEW."bs_recibidos", NEW."bs_pagados", NEW."ganancia_ves", NEW."ganancia_usd")
    ON CONFLICT ("ledger_id", "fecha") DO UPDATE SET
      "transaction_count" = d."transaction_count" + 1,
      "venta" = d."venta" + EXCLUDED."venta",
      "compra" = d."compra" + EXCLUDED."compra",
      "bs_recibidos" = d."bs_recibidos" + EXCLUDED."bs_recibidos",
      "bs_pagados" = d."bs_pagados" + EXCLUDED."bs_pagados",
      "ganancia_ves" = d."ganancia_ves" + EXCLUDED."ganancia_ves",
      "ganancia_usd" = d."ganancia_usd" + EXCLUDED."ganancia_usd";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_day_totals_trg"
  AFTER INSERT OR DELETE OR UPDATE OF "ledger_id", "fecha", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd"
  ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "transactions_day_totals"();
--> statement-breakpoint
INSERT INTO "ledger_day_totals" ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd")
SELECT "ledger_id", "fecha", count(*), sum("venta"), sum("compra"), sum("bs_recibidos"), sum("bs_pagados"), sum("ganancia_ves"), sum("ganancia_usd")
FROM "transactions" GROUP BY "ledger_id", "fecha";
