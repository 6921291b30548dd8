-- Hand-written (docs/decisions/0037). Where the money is (docs/product.md#cuentas-y-movimientos):
-- accounts, movements, cuadres, the per-account day totals and the movement sums of the ledger's
-- day totals, all kept by deferred triggers in the same database transaction as the change.
CREATE TABLE "cuentas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE cascade,
	"nombre" text NOT NULL,
	-- NFD, marks removed, lower-cased in TypeScript (nombreClave): unaccent() is not immutable.
	"nombre_clave" text NOT NULL,
	"moneda" text NOT NULL CHECK ("moneda" IN ('VES', 'USD')),
	"tipo" text NOT NULL CHECK ("tipo" IN ('banco', 'pago_movil', 'binance', 'zelle', 'efectivo', 'otra')),
	"titular_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"metodos_binance" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archivada" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	-- The descuadrada notice was sent; cleared when the account is cuadrada again (DESIGN §28).
	"descuadre_avisado" boolean DEFAULT false NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cuentas_ledger_nombre_activa_idx" ON "cuentas" ("ledger_id", "nombre_clave") WHERE NOT "archivada";
--> statement-breakpoint
CREATE INDEX "cuentas_ledger_idx" ON "cuentas" ("ledger_id");
--> statement-breakpoint
CREATE TABLE "movimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE cascade,
	"tipo" text NOT NULL CHECK ("tipo" IN ('transferencia', 'aporte', 'retiro', 'ajuste')),
	"fecha" date NOT NULL,
	"ocurrido_en" timestamp with time zone NOT NULL,
	"moneda" text NOT NULL CHECK ("moneda" IN ('VES', 'USD')),
	"monto" numeric(15, 2) NOT NULL CHECK ("monto" > 0),
	"comision" numeric(15, 2) DEFAULT '0' NOT NULL CHECK ("comision" >= 0),
	"cuenta_origen_id" uuid REFERENCES "cuentas"("id"),
	"cuenta_destino_id" uuid REFERENCES "cuentas"("id"),
	"sentido" text CHECK ("sentido" IN ('entrada', 'salida')),
	"miembro_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"tasa" numeric(17, 4),
	"notas" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- The shapes of packages/shared movementShapeError, so the triggers' flows hold whoever writes.
	CONSTRAINT "movimientos_comision_transferencia" CHECK ("tipo" = 'transferencia' OR "comision" = 0),
	CONSTRAINT "movimientos_transferencia_cuentas" CHECK ("tipo" <> 'transferencia' OR "cuenta_origen_id" IS NOT NULL OR "cuenta_destino_id" IS NOT NULL),
	CONSTRAINT "movimientos_distintas" CHECK ("cuenta_origen_id" IS NULL OR "cuenta_destino_id" IS NULL OR "cuenta_origen_id" <> "cuenta_destino_id"),
	CONSTRAINT "movimientos_aporte" CHECK ("tipo" <> 'aporte' OR "cuenta_origen_id" IS NULL),
	CONSTRAINT "movimientos_retiro" CHECK ("tipo" <> 'retiro' OR "cuenta_destino_id" IS NULL),
	CONSTRAINT "movimientos_ajuste" CHECK ("tipo" <> 'ajuste' OR "cuenta_origen_id" IS NULL OR "cuenta_destino_id" IS NULL)
);
--> statement-breakpoint
CREATE INDEX "movimientos_ledger_day_idx" ON "movimientos" ("ledger_id", "fecha");
--> statement-breakpoint
CREATE INDEX "movimientos_origen_idx" ON "movimientos" ("cuenta_origen_id") WHERE "cuenta_origen_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "movimientos_destino_idx" ON "movimientos" ("cuenta_destino_id") WHERE "cuenta_destino_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "cuadres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE cascade,
	"cuenta_id" uuid NOT NULL REFERENCES "cuentas"("id") ON DELETE cascade,
	"fecha" date NOT NULL,
	"saldo_real" numeric(15, 2) NOT NULL,
	"saldo_sistema" numeric(15, 2) NOT NULL,
	"diferencia" numeric(15, 2) NOT NULL,
	"sin_verificar" numeric(15, 2) DEFAULT '0' NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cuadres_cuenta_idx" ON "cuadres" ("cuenta_id", "fecha" DESC, "created_at" DESC);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cuenta_ves_id" uuid REFERENCES "cuentas"("id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cuenta_usd_id" uuid REFERENCES "cuentas"("id");
--> statement-breakpoint
CREATE INDEX "transactions_cuenta_ves_idx" ON "transactions" ("cuenta_ves_id") WHERE "cuenta_ves_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "transactions_cuenta_usd_idx" ON "transactions" ("cuenta_usd_id") WHERE "cuenta_usd_id" IS NOT NULL;
--> statement-breakpoint
-- One row per (account, day) with a flow: exact sums in and out, all and verified (movements
-- count as verified), and how many flows it holds (the row goes when none is left).
CREATE TABLE "cuenta_day_totals" (
	"ledger_id" uuid NOT NULL REFERENCES "ledgers"("id") ON DELETE cascade,
	"cuenta_id" uuid NOT NULL REFERENCES "cuentas"("id") ON DELETE cascade,
	"fecha" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"entra" numeric DEFAULT '0' NOT NULL,
	"sale" numeric DEFAULT '0' NOT NULL,
	"v_entra" numeric DEFAULT '0' NOT NULL,
	"v_sale" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "cuenta_day_totals_pk" PRIMARY KEY ("ledger_id", "cuenta_id", "fecha")
);
--> statement-breakpoint
-- The day's movements in the ledger's day totals: their count and their net per currency
-- (aportes − retiros ± ajustes − transfer fees). Movements count as verified, so the verified
-- balances add the same sums.
ALTER TABLE "ledger_day_totals" ADD COLUMN "movement_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD COLUMN "mov_ves" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD COLUMN "mov_usd" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- 0011's functions again, with one change: a day's row stays while it has movements.
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
    DELETE FROM "ledger_day_totals" WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha" AND "transaction_count" <= 0 AND "movement_count" <= 0;
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
  WHERE d."ledger_id" = o."ledger_id" AND d."fecha" = o."fecha" AND d."transaction_count" <= 0 AND d."movement_count" <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Adds one flow's delta to an account's day (n = +1 adds a flow, −1 removes one); nothing for Sin asignar.
CREATE FUNCTION "cuenta_day_add"(p_ledger uuid, p_cuenta uuid, p_fecha date, p_n integer, p_entra numeric, p_sale numeric, p_v_entra numeric, p_v_sale numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_cuenta IS NULL THEN RETURN; END IF;
  IF p_n > 0 THEN
    INSERT INTO "cuenta_day_totals" AS d ("ledger_id", "cuenta_id", "fecha", "n", "entra", "sale", "v_entra", "v_sale")
    VALUES (p_ledger, p_cuenta, p_fecha, p_n, p_entra, p_sale, p_v_entra, p_v_sale)
    ON CONFLICT ("ledger_id", "cuenta_id", "fecha") DO UPDATE SET
      "n" = d."n" + EXCLUDED."n", "entra" = d."entra" + EXCLUDED."entra", "sale" = d."sale" + EXCLUDED."sale",
      "v_entra" = d."v_entra" + EXCLUDED."v_entra", "v_sale" = d."v_sale" + EXCLUDED."v_sale";
  ELSE
    UPDATE "cuenta_day_totals" SET "n" = "n" + p_n, "entra" = "entra" + p_entra, "sale" = "sale" + p_sale,
      "v_entra" = "v_entra" + p_v_entra, "v_sale" = "v_sale" + p_v_sale
    WHERE "ledger_id" = p_ledger AND "cuenta_id" = p_cuenta AND "fecha" = p_fecha;
    DELETE FROM "cuenta_day_totals" WHERE "ledger_id" = p_ledger AND "cuenta_id" = p_cuenta AND "fecha" = p_fecha AND "n" <= 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- A transaction's flows (packages/shared transactionFlows): the VES account gets bs_recibidos and
-- gives bs_pagados; the USD account gets compra and gives venta + comision_usd. The row columns as
-- stored are summed, so the day totals and these stay sums of the same values.
CREATE FUNCTION "transactions_cuenta_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "cuenta_day_add"(OLD."ledger_id", OLD."cuenta_ves_id", OLD."fecha", -1, -OLD."bs_recibidos", -OLD."bs_pagados",
      CASE WHEN OLD."esta_verificada" THEN -OLD."bs_recibidos" ELSE 0 END, CASE WHEN OLD."esta_verificada" THEN -OLD."bs_pagados" ELSE 0 END);
    PERFORM "cuenta_day_add"(OLD."ledger_id", OLD."cuenta_usd_id", OLD."fecha", -1, -OLD."compra", -(OLD."venta" + OLD."comision_usd"),
      CASE WHEN OLD."esta_verificada" THEN -OLD."compra" ELSE 0 END, CASE WHEN OLD."esta_verificada" THEN -(OLD."venta" + OLD."comision_usd") ELSE 0 END);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "cuenta_day_add"(NEW."ledger_id", NEW."cuenta_ves_id", NEW."fecha", 1, NEW."bs_recibidos", NEW."bs_pagados",
      CASE WHEN NEW."esta_verificada" THEN NEW."bs_recibidos" ELSE 0 END, CASE WHEN NEW."esta_verificada" THEN NEW."bs_pagados" ELSE 0 END);
    PERFORM "cuenta_day_add"(NEW."ledger_id", NEW."cuenta_usd_id", NEW."fecha", 1, NEW."compra", NEW."venta" + NEW."comision_usd",
      CASE WHEN NEW."esta_verificada" THEN NEW."compra" ELSE 0 END, CASE WHEN NEW."esta_verificada" THEN NEW."venta" + NEW."comision_usd" ELSE 0 END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only rows naming an account queue an event (a constraint trigger's WHEN is checked at once), so
-- a ledger without accounts pays nothing on its writes.
CREATE CONSTRAINT TRIGGER "transactions_cuenta_totals_ins_trg" AFTER INSERT ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."cuenta_ves_id" IS NOT NULL OR NEW."cuenta_usd_id" IS NOT NULL) EXECUTE FUNCTION "transactions_cuenta_totals"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_cuenta_totals_upd_trg"
  AFTER UPDATE OF "ledger_id", "fecha", "venta", "compra", "bs_recibidos", "bs_pagados", "comision_usd", "esta_verificada", "cuenta_ves_id", "cuenta_usd_id"
  ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."cuenta_ves_id" IS NOT NULL OR OLD."cuenta_usd_id" IS NOT NULL OR NEW."cuenta_ves_id" IS NOT NULL OR NEW."cuenta_usd_id" IS NOT NULL)
  EXECUTE FUNCTION "transactions_cuenta_totals"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_cuenta_totals_del_trg" AFTER DELETE ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."cuenta_ves_id" IS NOT NULL OR OLD."cuenta_usd_id" IS NOT NULL) EXECUTE FUNCTION "transactions_cuenta_totals"();
--> statement-breakpoint
-- A movement's net for the ledger (packages/shared movementNet).
CREATE FUNCTION "movimiento_neto"(p_tipo text, p_monto numeric, p_comision numeric, p_origen uuid, p_destino uuid, p_sentido text)
RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_tipo
    WHEN 'transferencia' THEN -p_comision
    WHEN 'aporte' THEN p_monto
    WHEN 'retiro' THEN -p_monto
    ELSE CASE WHEN p_destino IS NOT NULL OR (p_origen IS NULL AND p_sentido IS DISTINCT FROM 'salida') THEN p_monto ELSE -p_monto END
  END
$$;
--> statement-breakpoint
-- A movement's flows (packages/shared movementFlows): the origin gives monto + comision, the
-- destination gets monto; and its net joins the ledger's day totals.
CREATE FUNCTION "movimientos_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  net numeric;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    net := "movimiento_neto"(OLD."tipo", OLD."monto", OLD."comision", OLD."cuenta_origen_id", OLD."cuenta_destino_id", OLD."sentido");
    UPDATE "ledger_day_totals" SET "movement_count" = "movement_count" - 1,
      "mov_ves" = "mov_ves" - CASE WHEN OLD."moneda" = 'VES' THEN net ELSE 0 END,
      "mov_usd" = "mov_usd" - CASE WHEN OLD."moneda" = 'USD' THEN net ELSE 0 END
    WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha";
    DELETE FROM "ledger_day_totals" WHERE "ledger_id" = OLD."ledger_id" AND "fecha" = OLD."fecha" AND "transaction_count" <= 0 AND "movement_count" <= 0;
    PERFORM "cuenta_day_add"(OLD."ledger_id", OLD."cuenta_origen_id", OLD."fecha", -1, 0, -(OLD."monto" + OLD."comision"), 0, -(OLD."monto" + OLD."comision"));
    PERFORM "cuenta_day_add"(OLD."ledger_id", OLD."cuenta_destino_id", OLD."fecha", -1, -OLD."monto", 0, -OLD."monto", 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    net := "movimiento_neto"(NEW."tipo", NEW."monto", NEW."comision", NEW."cuenta_origen_id", NEW."cuenta_destino_id", NEW."sentido");
    INSERT INTO "ledger_day_totals" AS d ("ledger_id", "fecha", "transaction_count", "movement_count", "mov_ves", "mov_usd")
    VALUES (NEW."ledger_id", NEW."fecha", 0, 1, CASE WHEN NEW."moneda" = 'VES' THEN net ELSE 0 END, CASE WHEN NEW."moneda" = 'USD' THEN net ELSE 0 END)
    ON CONFLICT ("ledger_id", "fecha") DO UPDATE SET "movement_count" = d."movement_count" + 1,
      "mov_ves" = d."mov_ves" + EXCLUDED."mov_ves", "mov_usd" = d."mov_usd" + EXCLUDED."mov_usd";
    PERFORM "cuenta_day_add"(NEW."ledger_id", NEW."cuenta_origen_id", NEW."fecha", 1, 0, NEW."monto" + NEW."comision", 0, NEW."monto" + NEW."comision");
    PERFORM "cuenta_day_add"(NEW."ledger_id", NEW."cuenta_destino_id", NEW."fecha", 1, NEW."monto", 0, NEW."monto", 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "movimientos_totals_trg" AFTER INSERT OR UPDATE OR DELETE ON "movimientos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "movimientos_totals"();
