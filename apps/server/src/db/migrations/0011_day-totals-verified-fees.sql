-- Hand-written. Migrations 0004 (verified sums, DESIGN §17), 0005 (fees, DESIGN §12) and 0006
-- (imports summed per statement) were written side by side and each redefined the day-totals
-- triggers with only its own columns; this one keeps them all, and adds the verified fees: "Saldo verificado" (USD) subtracts the fees of
-- verified rows, carried forward like the other verified sums (docs/decisions/0003).
ALTER TABLE "ledger_day_totals" ADD COLUMN IF NOT EXISTS "v_comision_usd" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
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
      "comision_usd" = "comision_usd" - OLD."comision_usd",
      "v_venta" = "v_venta" - CASE WHEN OLD."esta_verificada" THEN OLD."venta" ELSE 0 END,
      "v_compra" = "v_compra" - CASE WHEN OLD."esta_verificada" THEN OLD."compra" ELSE 0 END,
      "v_bs_recibidos" = "v_bs_recibidos" - CASE WHEN OLD."esta_verificada" THEN OLD."bs_recibidos" ELSE 0 END,
      "v_bs_pagados" = "v_bs_pagados" - CASE WHEN OLD."esta_verificada" THEN OLD."bs_pagados" ELSE 0 END,
      "v_comision_usd" = "v_comision_usd" - CASE WHEN OLD."esta_verificada" THEN OLD."comision_usd" ELSE 0 END
    WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha";
    DELETE FROM "ledger_day_totals" WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha" AND "transaction_count" <= 0;
  END IF;
  -- Pure deltas (−OLD, +NEW per event, in event order) stay right however many times a row is
  -- inserted, edited, verified or deleted within one transaction.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "ledger_day_totals" AS d ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd",
      "comision_usd", "v_venta", "v_compra", "v_bs_recibidos", "v_bs_pagados", "v_comision_usd")
    VALUES (NEW."ledger_id", NEW."fecha", 1, NEW."venta", NEW."compra", NEW."bs_recibidos", NEW."bs_pagados", NEW."ganancia_ves", NEW."ganancia_usd",
      NEW."comision_usd",
      CASE WHEN NEW."esta_verificada" THEN NEW."venta" ELSE 0 END,
      CASE WHEN NEW."esta_verificada" THEN NEW."compra" ELSE 0 END,
      CASE WHEN NEW."esta_verificada" THEN NEW."bs_recibidos" ELSE 0 END,
      CASE WHEN NEW."esta_verificada" THEN NEW."bs_pagados" ELSE 0 END,
      CASE WHEN NEW."esta_verificada" THEN NEW."comision_usd" ELSE 0 END)
    ON CONFLICT ("ledger_id", "fecha") DO UPDATE SET
      "transaction_count" = d."transaction_count" + 1,
      "venta" = d."venta" + EXCLUDED."venta",
      "compra" = d."compra" + EXCLUDED."compra",
      "bs_recibidos" = d."bs_recibidos" + EXCLUDED."bs_recibidos",
      "bs_pagados" = d."bs_pagados" + EXCLUDED."bs_pagados",
      "ganancia_ves" = d."ganancia_ves" + EXCLUDED."ganancia_ves",
      "ganancia_usd" = d."ganancia_usd" + EXCLUDED."ganancia_usd",
      "comision_usd" = d."comision_usd" + EXCLUDED."comision_usd",
      "v_venta" = d."v_venta" + EXCLUDED."v_venta",
      "v_compra" = d."v_compra" + EXCLUDED."v_compra",
      "v_bs_recibidos" = d."v_bs_recibidos" + EXCLUDED."v_bs_recibidos",
      "v_bs_pagados" = d."v_bs_pagados" + EXCLUDED."v_bs_pagados",
      "v_comision_usd" = d."v_comision_usd" + EXCLUDED."v_comision_usd";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Inserts and deletes keep 0006's split (rows of an import batch are summed per statement, the
-- others per row at commit); the per-row trigger on UPDATE now also follows a verification toggle.
DROP TRIGGER "transactions_day_totals_trg" ON "transactions";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_day_totals_trg"
  AFTER UPDATE OF "ledger_id", "fecha", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd", "comision_usd", "esta_verificada"
  ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "transactions_day_totals"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_day_totals_batch_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_day_totals" AS d ("ledger_id", "fecha", "transaction_count", "venta", "compra", "bs_recibidos", "bs_pagados", "ganancia_ves", "ganancia_usd",
    "comision_usd", "v_venta", "v_compra", "v_bs_recibidos", "v_bs_pagados", "v_comision_usd")
  SELECT "ledger_id", "fecha", count(*), sum("venta"), sum("compra"), sum("bs_recibidos"), sum("bs_pagados"), sum("ganancia_ves"), sum("ganancia_usd"),
    sum("comision_usd"),
    coalesce(sum("venta") FILTER (WHERE "esta_verificada"), 0), coalesce(sum("compra") FILTER (WHERE "esta_verificada"), 0),
    coalesce(sum("bs_recibidos") FILTER (WHERE "esta_verificada"), 0), coalesce(sum("bs_pagados") FILTER (WHERE "esta_verificada"), 0),
    coalesce(sum("comision_usd") FILTER (WHERE "esta_verificada"), 0)
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
    "comision_usd" = d."comision_usd" + EXCLUDED."comision_usd",
    "v_venta" = d."v_venta" + EXCLUDED."v_venta",
    "v_compra" = d."v_compra" + EXCLUDED."v_compra",
    "v_bs_recibidos" = d."v_bs_recibidos" + EXCLUDED."v_bs_recibidos",
    "v_bs_pagados" = d."v_bs_pagados" + EXCLUDED."v_bs_pagados",
    "v_comision_usd" = d."v_comision_usd" + EXCLUDED."v_comision_usd";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_day_totals_batch_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_day_totals" AS d SET
    "transaction_count" = d."transaction_count" - o."n",
    "venta" = d."venta" - o."venta",
    "compra" = d."compra" - o."compra",
    "bs_recibidos" = d."bs_recibidos" - o."bs_recibidos",
    "bs_pagados" = d."bs_pagados" - o."bs_pagados",
    "ganancia_ves" = d."ganancia_ves" - o."ganancia_ves",
    "ganancia_usd" = d."ganancia_usd" - o."ganancia_usd",
    "comision_usd" = d."comision_usd" - o."comision_usd",
    "v_venta" = d."v_venta" - o."v_venta",
    "v_compra" = d."v_compra" - o."v_compra",
    "v_bs_recibidos" = d."v_bs_recibidos" - o."v_bs_recibidos",
    "v_bs_pagados" = d."v_bs_pagados" - o."v_bs_pagados",
    "v_comision_usd" = d."v_comision_usd" - o."v_comision_usd"
  FROM (
    SELECT "ledger_id", "fecha", count(*) AS "n", sum("venta") AS "venta", sum("compra") AS "compra", sum("bs_recibidos") AS "bs_recibidos",
      sum("bs_pagados") AS "bs_pagados", sum("ganancia_ves") AS "ganancia_ves", sum("ganancia_usd") AS "ganancia_usd", sum("comision_usd") AS "comision_usd",
      coalesce(sum("venta") FILTER (WHERE "esta_verificada"), 0) AS "v_venta", coalesce(sum("compra") FILTER (WHERE "esta_verificada"), 0) AS "v_compra",
      coalesce(sum("bs_recibidos") FILTER (WHERE "esta_verificada"), 0) AS "v_bs_recibidos", coalesce(sum("bs_pagados") FILTER (WHERE "esta_verificada"), 0) AS "v_bs_pagados",
      coalesce(sum("comision_usd") FILTER (WHERE "esta_verificada"), 0) AS "v_comision_usd"
    FROM old_rows WHERE "import_batch_id" IS NOT NULL GROUP BY "ledger_id", "fecha"
  ) o
  WHERE d."ledger_id" = o."ledger_id" AND d."fecha" = o."fecha";
  DELETE FROM "ledger_day_totals" d USING (SELECT DISTINCT "ledger_id", "fecha" FROM old_rows WHERE "import_batch_id" IS NOT NULL) o
  WHERE d."ledger_id" = o."ledger_id" AND d."fecha" = o."fecha" AND d."transaction_count" <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Rebuild the verified sums from the rows (0005's trigger did not keep them).
UPDATE "ledger_day_totals" d SET
  "v_venta" = coalesce(s."v_venta", 0), "v_compra" = coalesce(s."v_compra", 0), "v_bs_recibidos" = coalesce(s."v_bs_recibidos", 0),
  "v_bs_pagados" = coalesce(s."v_bs_pagados", 0), "v_comision_usd" = coalesce(s."v_comision_usd", 0)
FROM (
  SELECT "ledger_id", "fecha", sum("venta") FILTER (WHERE "esta_verificada") AS "v_venta", sum("compra") FILTER (WHERE "esta_verificada") AS "v_compra",
    sum("bs_recibidos") FILTER (WHERE "esta_verificada") AS "v_bs_recibidos", sum("bs_pagados") FILTER (WHERE "esta_verificada") AS "v_bs_pagados",
    sum("comision_usd") FILTER (WHERE "esta_verificada") AS "v_comision_usd"
  FROM "transactions" GROUP BY "ledger_id", "fecha"
) s
WHERE d."ledger_id" = s."ledger_id" AND d."fecha" = s."fecha";
