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
--> statement-breakpoint
-- DESIGN §13: the ledger's profit method.
ALTER TABLE "ledgers" ADD COLUMN "metodo_ganancia" text DEFAULT 'por_operacion' NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledgers" ADD CONSTRAINT "ledgers_metodo_ganancia_check" CHECK ("metodo_ganancia" IN ('por_operacion', 'costo_promedio'));
--> statement-breakpoint
-- End-of-day average-cost states (docs/decisions/0013): one row per (ledger, book, day with rows
-- of that book); book = the nil uuid for the whole ledger, else the author (created_by) whose
-- separate book it is. Written only by readers, under a per-ledger advisory lock.
CREATE TABLE "avg_cost_days" (
	"ledger_id" uuid NOT NULL,
	"book" uuid NOT NULL,
	"fecha" date NOT NULL,
	"operaciones" integer NOT NULL,
	"realizado_ves" numeric NOT NULL,
	"realizado_usd" numeric NOT NULL,
	"comisiones_usd" numeric NOT NULL,
	"posicion_usd" numeric NOT NULL,
	"costo_promedio" numeric NOT NULL,
	"acum_ves" numeric NOT NULL,
	"acum_usd" numeric NOT NULL,
	"acum_comisiones" numeric NOT NULL,
	CONSTRAINT "avg_cost_days_pk" PRIMARY KEY ("ledger_id", "book", "fecha")
);
--> statement-breakpoint
ALTER TABLE "avg_cost_days" ADD CONSTRAINT "avg_cost_days_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("id") ON DELETE cascade;
--> statement-breakpoint
-- How far the stored states are valid: every day <= valid_until. A change of day D lowers it to
-- D − 1 and bumps gen (a reader only advances valid_until if gen did not move meanwhile).
CREATE TABLE "avg_cost_valid" (
	"ledger_id" uuid PRIMARY KEY NOT NULL,
	"valid_until" date DEFAULT '-infinity' NOT NULL,
	"gen" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avg_cost_valid" ADD CONSTRAINT "avg_cost_valid_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("id") ON DELETE cascade;
--> statement-breakpoint
INSERT INTO "avg_cost_valid" ("ledger_id") SELECT "id" FROM "ledgers";
--> statement-breakpoint
-- Marks the states from the earliest changed day on as stale, once per statement (an import of
-- 20,000 rows is one update), in the writer's own transaction, whoever writes the rows.
CREATE FUNCTION "avg_cost_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "avg_cost_valid" AS v ("ledger_id", "valid_until", "gen")
    SELECT c."ledger_id", '-infinity'::date, 1 FROM (SELECT "ledger_id", min("fecha") AS d FROM new_rows GROUP BY "ledger_id") c
    WHERE EXISTS (SELECT 1 FROM "ledgers" l WHERE l."id" = c."ledger_id")
    ON CONFLICT ("ledger_id") DO UPDATE SET "valid_until" = least(v."valid_until", (SELECT min("fecha") FROM new_rows n WHERE n."ledger_id" = v."ledger_id") - 1), "gen" = v."gen" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "avg_cost_valid" v SET "valid_until" = least(v."valid_until", c.d - 1), "gen" = v."gen" + 1
    FROM (SELECT "ledger_id", min("fecha") AS d FROM old_rows GROUP BY "ledger_id") c WHERE v."ledger_id" = c."ledger_id";
  ELSE
    UPDATE "avg_cost_valid" v SET "valid_until" = least(v."valid_until", c.d - 1), "gen" = v."gen" + 1
    FROM (
      -- only rows whose walk inputs changed: a verification changes no position
      SELECT n."ledger_id", min(least(o."fecha", n."fecha")) AS d FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE (o."fecha", o."venta", o."tasa_venta", o."compra", o."tasa_compra", o."comision_usd", o."ocurrido_en", o."created_at", o."created_by")
        IS DISTINCT FROM (n."fecha", n."venta", n."tasa_venta", n."compra", n."tasa_compra", n."comision_usd", n."ocurrido_en", n."created_at", n."created_by")
      GROUP BY n."ledger_id"
    ) c
    WHERE v."ledger_id" = c."ledger_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "avg_cost_invalidate_ins" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "avg_cost_invalidate"();
--> statement-breakpoint
CREATE TRIGGER "avg_cost_invalidate_upd" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "avg_cost_invalidate"();
--> statement-breakpoint
CREATE TRIGGER "avg_cost_invalidate_del" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "avg_cost_invalidate"();
