-- DESIGN §17: each currency's base is set or inherited on its own. A NULL currency is inherited
-- (carried from the previous active day); a row with both NULL means nothing and is deleted.
ALTER TABLE "daily_balances" ALTER COLUMN "saldo_base_ves" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_balances" ALTER COLUMN "saldo_base_ves" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "daily_balances" ALTER COLUMN "saldo_base_usd" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_balances" ALTER COLUMN "saldo_base_usd" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "daily_balances" ADD CONSTRAINT "daily_balances_some_currency" CHECK ("saldo_base_ves" IS NOT NULL OR "saldo_base_usd" IS NOT NULL);--> statement-breakpoint
-- DESIGN §17: the verified balances carry their own base (the previous active day's *verified*
-- closing), so the per-day totals also keep the sums of the verified rows (docs/decisions/0003).
ALTER TABLE "ledger_day_totals" ADD COLUMN "v_venta" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD COLUMN "v_compra" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD COLUMN "v_bs_recibidos" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD COLUMN "v_bs_pagados" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
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
      "v_venta" = "v_venta" - CASE WHEN OLD."esta_verificada" THEN OLD."venta" ELSE 0 END,
      "v_compra" = "v_compra" - CASE WHEN OLD."esta_verificada" THEN OLD."compra" ELSE 0 END,
      "v_bs_recibidos" = "v_bs_recibidos" - CASE WHEN OLD."esta_verificada" THEN OLD."bs_recibidos" ELSE 0 END,
      "v_bs_pagados" = "v_bs_pagados" - CASE WHEN OLD."esta_verificada" THEN OLD."bs_pagados" ELSE 0 END
    WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha";
    DELETE FROM "ledger_day_totals" WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha" AND "transaction_count" <= 0;
  END IF;
  -- Pure deltas (−OLD, +NEW per event, in event order) stay right however many times a row is
  -- inserted, edited, verified or deleted within one transaction.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "ledger_day_totals" AS d ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd",
      "v_venta", "v_compra", "v_bs_recibidos", "v_bs_pagados")
    VALUES (NEW."ledger_id", NEW."fecha", 1, NEW."venta", NEW."compra", NEW."bs_recibidos", NEW."bs_pagados", NEW."ganancia_ves", NEW."ganancia_usd",
      CASE WHEN NEW."esta_verificada" THEN NEW."venta" ELSE 0 END,
      CASE WHEN NEW."esta_verificada" THEN NEW."compra" ELSE 0 END,
      CASE WHEN NEW."esta_verificada" THEN NEW."bs_recibidos" ELSE 0 END,
      CASE WHEN NEW."esta_verificada" THEN NEW."bs_pagados" ELSE 0 END)
    ON CONFLICT ("ledger_id", "fecha") DO UPDATE SET
      "transaction_count" = d."transaction_count" + 1,
      "venta" = d."venta" + EXCLUDED."venta",
      "compra" = d."compra" + EXCLUDED."compra",
      "bs_recibidos" = d."bs_recibidos" + EXCLUDED."bs_recibidos",
      "bs_pagados" = d."bs_pagados" + EXCLUDED."bs_pagados",
      "ganancia_ves" = d."ganancia_ves" + EXCLUDED."ganancia_ves",
      "ganancia_usd" = d."ganancia_usd" + EXCLUDED."ganancia_usd",
      "v_venta" = d."v_venta" + EXCLUDED."v_venta",
      "v_compra" = d."v_compra" + EXCLUDED."v_compra",
      "v_bs_recibidos" = d."v_bs_recibidos" + EXCLUDED."v_bs_recibidos",
      "v_bs_pagados" = d."v_bs_pagados" + EXCLUDED."v_bs_pagados";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The trigger now also follows a verification toggle.
DROP TRIGGER "transactions_day_totals_trg" ON "transactions";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_day_totals_trg"
  AFTER INSERT OR DELETE OR UPDATE OF "ledger_id", "fecha", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd", "esta_verificada"
  ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "transactions_day_totals"();
--> statement-breakpoint
UPDATE "ledger_day_totals" d SET "v_venta" = s."v_venta", "v_compra" = s."v_compra", "v_bs_recibidos" = s."v_bs_recibidos", "v_bs_pagados" = s."v_bs_pagados"
FROM (
  SELECT "ledger_id", "fecha", sum("venta") AS "v_venta", sum("compra") AS "v_compra", sum("bs_recibidos") AS "v_bs_recibidos", sum("bs_pagados") AS "v_bs_pagados"
  FROM "transactions" WHERE "esta_verificada" GROUP BY "ledger_id", "fecha"
) s
WHERE d."ledger_id" = s."ledger_id" AND d."fecha" = s."fecha";
